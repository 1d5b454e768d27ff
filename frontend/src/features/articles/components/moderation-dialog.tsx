import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError, serverError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import { useModerateArticleMutation } from '@/features/articles/api/articles-api';
import {
  checkModeration,
  kModerationReasons,
  type ModerationErrors,
} from '@/features/articles/model/moderation';
import type { ModerationReason } from '@/features/articles/model/types';
import { fieldErrors } from '@/lib/api/api-error';
import { showToast } from '@/lib/toast/toast-store';
import { FormDialog, FormDialogCancel } from '@/components/form-dialog';

export interface ModerationDialogProps {
  articleId: number;
  action: 'return' | 'block';
  onClose: () => void;
}

// Return or block: a reason from the list AND a comment for the author, both required (SPEC §5) — checked here as
// the server checks, and the server's 422 shown on the same fields.
export function ModerationDialog({ articleId, action, onClose }: ModerationDialogProps) {
  const { t } = useTranslation('articles');
  const [reason, setReason] = useState<ModerationReason | null>(null);
  const [comment, setComment] = useState('');
  const [checked, setChecked] = useState<ModerationErrors | null>(null);
  const [moderate, moderated] = useModerateArticleMutation();
  const server = fieldErrors(moderated.error);
  const reasonError =
    checked?.reason !== undefined ? t(`admin.errors.${checked.reason}`) : serverError(server, 'reason');
  const commentError =
    checked?.comment !== undefined ? t(`admin.errors.${checked.comment}`) : serverError(server, 'comment');
  const confirm = async () => {
    const errors = checkModeration(reason, comment);
    setChecked(errors);
    if (Object.keys(errors).length > 0) return;
    const result = await moderate({ id: articleId, action, reason, comment: comment.trim() });
    if ('data' in result) {
      showToast({ severity: 'success', summary: t(action === 'block' ? 'admin.blocked' : 'admin.returned') });
      onClose();
    }
  };
  return (
    <FormDialog
      header={t(action === 'block' ? 'admin.block_title' : 'admin.return_title')}
      visible
      onHide={onClose}
      style={{ width: 'min(32rem, 94vw)' }}
      footer={
        <div className="form-actions">
          <FormDialogCancel label={t('admin.cancel')} />
          <Button
            type="button"
            severity={action === 'block' ? 'danger' : undefined}
            label={t(action === 'block' ? 'admin.confirm_block' : 'admin.confirm_return')}
            loading={moderated.isLoading}
            onClick={() => void confirm()}
            data-testid="moderation-confirm"
          />
        </div>
      }
    >
      <div className="moderation-form" data-testid="moderation-dialog">
        <div className="field">
          <label className="field-label" htmlFor="moderation-reason">
            {t('admin.reason')}
          </label>
          <Dropdown
            inputId="moderation-reason"
            value={reason}
            placeholder={t('admin.reason_placeholder')}
            options={kModerationReasons.map((value) => ({ value, label: t(`reasons.${value}`) }))}
            onChange={(event) => {
              setReason(event.value as ModerationReason);
              if (checked !== null) setChecked(checkModeration(event.value as ModerationReason, comment));
            }}
          />
          <FieldError message={reasonError} />
        </div>
        <TextField
          label={t('admin.comment')}
          name="comment"
          rows={4}
          maxLength={2000}
          value={comment}
          error={commentError}
          onChange={(value) => {
            setComment(value);
            if (checked !== null) setChecked(checkModeration(reason, value));
          }}
        />
      </div>
    </FormDialog>
  );
}
