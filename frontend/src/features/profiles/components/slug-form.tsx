import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError, serverError } from '@/components/field-error';
import { useSetPortfolioAddressMutation } from '@/features/profiles/api/profiles-api';
import { EditDialog, formLevelError } from '@/features/profiles/components/edit-dialog';
import { fieldErrors } from '@/lib/api/api-error';
import { showToast } from '@/lib/toast/toast-store';

// The portfolio address (PUT /api/profile/freelancer/slug): the server checks the characters, the length, the
// reserved words and that nobody has it; its message shows under the field.
export function SlugForm({ slug, onHide }: { slug: string | null; onHide: () => void }) {
  const { t } = useTranslation('profiles');
  const [text, setText] = useState(slug ?? '');
  const [save, { isLoading, error }] = useSetPortfolioAddressMutation();
  const submit = async (value: string | null) => {
    const result = await save({ body: { slug: value } });
    if ('data' in result) {
      showToast({ severity: 'success', summary: t('profile.saved') });
      onHide();
    }
  };
  const message = serverError(fieldErrors(error), 'slug');
  return (
    <EditDialog
      header={t('profile.address')}
      onHide={onHide}
      onSubmit={() => void submit(text.trim() === '' ? null : text.trim())}
      saving={isLoading}
      alert={formLevelError(error, ['slug'])}
      testId="slug-form"
    >
      <div className="field">
        <label htmlFor="profile-slug" className="field-label">
          {t('profile.address')}
        </label>
        <div className="slug-input">
          <span className="muted">{`${window.location.host}/…/freelancer/`}</span>
          <InputText
            id="profile-slug"
            name="slug"
            value={text}
            maxLength={64}
            autoComplete="off"
            invalid={message !== undefined}
            aria-describedby="profile-slug-hint"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div id="profile-slug-hint" className="field-hint">
          {t('profile.address_hint')}
        </div>
        <FieldError message={message} />
      </div>
      {slug !== null && (
        <Button
          type="button"
          text
          severity="danger"
          size="small"
          icon="pi pi-times"
          label={t('profile.address_clear')}
          onClick={() => void submit(null)}
        />
      )}
    </EditDialog>
  );
}
