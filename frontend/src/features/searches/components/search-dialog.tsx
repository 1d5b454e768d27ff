import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError } from '@/components/field-error';
import { FormDialog, FormDialogCancel } from '@/components/form-dialog';
import type { SavedSearchInterval } from '@/lib/api/schema.generated';
import { errorBody, firstFieldError } from '@/lib/api/api-error';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export const kIntervals: readonly SavedSearchInterval[] = [
  'immediately',
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'never',
];

export interface SearchDraft {
  name: string;
  interval: SavedSearchInterval;
}

interface SearchDialogProps {
  header: string;
  submitLabel: string;
  visible: boolean;
  initial: SearchDraft;
  loading: boolean;
  error: FetchBaseQueryError | SerializedError | undefined;
  onHide: () => void;
  onSubmit: (draft: SearchDraft) => void;
}

interface SearchFormProps {
  formId: string;
  initial: SearchDraft;
  error: FetchBaseQueryError | SerializedError | undefined;
  onSubmit: (draft: SearchDraft) => void;
}

// The dialog's form, mounted at each opening (so it starts from what the caller gives then).
function SearchForm({ formId, initial, error, onSubmit }: SearchFormProps) {
  const { t } = useTranslation('searches');
  const [draft, setDraft] = useState(initial);
  const body = errorBody(error);
  // A filter the server refused, or the cap, is said under the fields (its 422 names `name` or `filter.*`).
  const filterError =
    body?.errors === undefined
      ? body?.message
      : Object.entries(body.errors).find(
          ([field]) => field.startsWith('filter') || field === 'scope',
        )?.[1][0];
  return (
    <form
      id={formId}
      className="search-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft);
      }}
    >
      <label className="field-label" htmlFor={`${formId}-name`}>
        {t('save.name')}
      </label>
      <InputText
        id={`${formId}-name`}
        value={draft.name}
        maxLength={100}
        invalid={firstFieldError(error, 'name') !== undefined}
        data-testid="search-name"
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
      />
      <FieldError message={firstFieldError(error, 'name')} />
      <label className="field-label" htmlFor={`${formId}-interval`}>
        {t('save.interval')}
      </label>
      <Dropdown
        inputId={`${formId}-interval`}
        value={draft.interval}
        options={kIntervals.map((value) => ({ value, label: t(`intervals.${value}`) }))}
        data-testid="search-interval"
        onChange={(event) => setDraft({ ...draft, interval: event.value as SavedSearchInterval })}
      />
      <FieldError message={firstFieldError(error, 'interval') ?? filterError} />
    </form>
  );
}

// The name (≤ 100 characters) and the interval of a saved search: saving one and editing it.
export function SearchDialog({
  header,
  submitLabel,
  visible,
  initial,
  loading,
  error,
  onHide,
  onSubmit,
}: SearchDialogProps) {
  const { t } = useTranslation('searches');
  const id = useId();
  return (
    <FormDialog
      header={header}
      visible={visible}
      onHide={onHide}
      className="search-dialog"
      footer={
        <>
          <FormDialogCancel label={t('save.cancel')} />
          <Button
            type="submit"
            form={`${id}-form`}
            label={submitLabel}
            loading={loading}
            data-testid="search-dialog-submit"
          />
        </>
      }
    >
      {visible && <SearchForm formId={`${id}-form`} initial={initial} error={error} onSubmit={onSubmit} />}
    </FormDialog>
  );
}
