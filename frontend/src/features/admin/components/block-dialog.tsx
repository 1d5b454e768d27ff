import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { serverError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import { useBlockUserMutation } from '@/features/admin/api/admin-api';
import { fieldErrors } from '@/lib/api/api-error';
import { showToast } from '@/lib/toast/toast-store';
import { FormDialog, FormDialogCancel } from '@/components/form-dialog';

export const kReasonMin = 3;
export const kReasonMax = 500;

// Blocking needs a reason (3–500 characters): the dialog says so before sending, and shows the server's 422.
export function BlockDialog({ userId, onHide }: { userId: number; onHide: () => void }) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [block, { isLoading, error }] = useBlockUserMutation();
  const length = reason.trim().length;
  const local = length < kReasonMin ? t('users.block.reason_required', { count: kReasonMin }) : undefined;
  const message = (checked ? local : undefined) ?? serverError(fieldErrors(error), 'reason');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (local !== undefined) return;
    const result = await block({ id: userId, body: { reason: reason.trim() } });
    if ('data' in result && result.data !== undefined) {
      showToast({ severity: 'success', summary: t('users.block.done') });
      onHide();
    }
  };

  return (
    <FormDialog
      visible
      modal
      header={t('users.block.title')}
      onHide={onHide}
      className="admin-dialog"
      breakpoints={{ '760px': '95vw' }}
      style={{ width: '32rem' }}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="block-form">
        <p className="muted">{t('users.block.text')}</p>
        <TextField
          label={t('users.block.reason')}
          name="reason"
          rows={4}
          required
          maxLength={kReasonMax}
          value={reason}
          error={message}
          onChange={setReason}
        />
        <div className="card-actions">
          <FormDialogCancel label={t('users.cancel')} />
          <Button
            type="submit"
            severity="danger"
            icon="pi pi-ban"
            label={t('users.block.submit')}
            loading={isLoading}
          />
        </div>
      </form>
    </FormDialog>
  );
}
