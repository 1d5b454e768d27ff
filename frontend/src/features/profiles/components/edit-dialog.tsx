import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Button } from 'primereact/button';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { FormAlert } from '@/components/form-alert';
import { FormDialog, FormDialogCancel } from '@/components/form-dialog';
import { errorBody, errorStatus } from '@/lib/api/api-error';

export type MutationError = FetchBaseQueryError | SerializedError | undefined;

// A 422 whose messages name none of the form's fields (or any other refusal the toast does not cover) is shown
// at the top of the form.
export function formLevelError(error: MutationError, fields: readonly string[]): string | undefined {
  const body = errorBody(error);
  if (body === null || errorStatus(error) !== 422) return undefined;
  const named = Object.keys(body.errors ?? {}).some((key) =>
    fields.some((field) => key === field || key.startsWith(`${field}.`) || key.startsWith(`${field}[`)),
  );
  return named ? undefined : (Object.values(body.errors ?? {})[0]?.[0] ?? body.message);
}

export interface EditDialogProps {
  header: string;
  onHide: () => void;
  onSubmit: () => void;
  saving: boolean;
  alert?: string;
  children: ReactNode;
  testId: string;
  onShow?: () => void;
  wide?: boolean;
  // Whether the form holds changes; without it, any typing counts (FormDialog).
  dirty?: boolean;
}

// The owner's edit forms: a dialog with the form, its form-level error, Save and Cancel (FormDialog: Esc in a
// dropdown closes only the dropdown; closing with changes asks first).
export function EditDialog({
  header,
  onHide,
  onSubmit,
  saving,
  alert,
  children,
  testId,
  onShow,
  wide = false,
  dirty,
}: EditDialogProps) {
  const { t } = useTranslation('profiles');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <FormDialog
      header={header}
      visible
      onHide={onHide}
      dirty={dirty}
      onShow={onShow}
      style={{ width: wide ? 'min(760px, 96vw)' : 'min(560px, 96vw)' }}
      className="profile-dialog"
      data-testid={testId}
    >
      <form onSubmit={submit} noValidate className="profile-form">
        {alert !== undefined && <FormAlert severity="error">{alert}</FormAlert>}
        {children}
        <div className="card-actions">
          <Button type="submit" label={t('profile.save')} loading={saving} data-testid={`${testId}-save`} />
          <FormDialogCancel label={t('profile.cancel')} />
        </div>
      </form>
    </FormDialog>
  );
}

// "123 / 500" under a description, red past the limit.
export function Counter({ count, max }: { count: number; max: number }) {
  const { t } = useTranslation('profiles');
  return (
    <span className={count > max ? 'counter over' : 'counter'} aria-live="polite" data-testid="counter">
      {t('profile.description_counter', { count, max })}
    </span>
  );
}
