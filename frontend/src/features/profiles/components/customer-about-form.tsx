import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { serverError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import { useUpdateCustomerProfileMutation } from '@/features/profiles/api/profiles-api';
import { Counter, EditDialog, formLevelError } from '@/features/profiles/components/edit-dialog';
import { kAboutMax } from '@/features/profiles/model/profile-draft';
import { fieldErrors } from '@/lib/api/api-error';
import { showToast } from '@/lib/toast/toast-store';

// The customer's about text (PUT /api/profile/customer).
export function CustomerAboutForm({ about, onHide }: { about: string; onHide: () => void }) {
  const { t } = useTranslation('profiles');
  const [text, setText] = useState(about);
  const [save, { isLoading, error }] = useUpdateCustomerProfileMutation();
  const over = text.length > kAboutMax;
  const submit = async () => {
    if (over) return;
    const result = await save({ body: { about: text.trim() } });
    if ('data' in result) {
      showToast({ severity: 'success', summary: t('profile.saved') });
      onHide();
    }
  };
  const message = over ? t('about_max', { count: kAboutMax }) : serverError(fieldErrors(error), 'about');
  return (
    <EditDialog
      header={t('profile.customer_about')}
      onHide={onHide}
      onSubmit={() => void submit()}
      saving={isLoading}
      alert={formLevelError(error, ['about'])}
      testId="customer-about-form"
    >
      <TextField
        id="customer-about"
        label={t('profile.customer_about')}
        name="about"
        rows={6}
        value={text}
        onChange={setText}
        error={message}
        hint={<Counter count={text.length} max={kAboutMax} />}
      />
    </EditDialog>
  );
}
