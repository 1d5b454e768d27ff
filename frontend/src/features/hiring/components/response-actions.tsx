import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useTransitionResponseMutation } from '@/features/hiring/api/hiring-api';
import { kButtons } from '@/features/hiring/model/response-status';
import type { Response, ResponseTransition } from '@/lib/api/schema.generated';
import { formatDate } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';
import { FormDialog, FormDialogCancel } from '@/components/form-dialog';

const kSeverity: Partial<Record<ResponseTransition, 'danger' | 'success'>> = {
  discard: 'danger',
  withdraw: 'danger',
  hire: 'success',
};

// The buttons of the transitions the caller may take now (the server's `actions`); discard asks for an optional
// reason. For the applicant of a closed response, when reapplying is not yet possible, the rule's date.
export function ResponseActions({ response }: { response: Response }) {
  const { t } = useTranslation('applicants');
  const lang = useLanguage();
  const [transition, { isLoading }] = useTransitionResponseMutation();
  const [discarding, setDiscarding] = useState(false);
  const [reason, setReason] = useState('');
  const run = async (action: ResponseTransition, body: { reason?: string } = {}) => {
    const result = await transition({ id: response.id, action, responseActionInput: body });
    if (result.data !== undefined) showToast({ severity: 'success', summary: t(`actions.done.${action}`) });
    return result.data !== undefined;
  };
  const buttons = kButtons.filter((action) => response.actions.includes(action));
  const waiting =
    !response.actions.includes('reapply') &&
    response.reapply_at !== null &&
    (response.status === 'discarded' || response.status === 'withdrawn');
  return (
    <div className="response-actions" data-testid="response-actions">
      {buttons.map((action) => (
        <Button
          key={action}
          type="button"
          size="small"
          outlined={action !== 'hire' && action !== 'interview' && action !== 'offer' && action !== 'reapply'}
          severity={kSeverity[action]}
          label={t(`actions.${action}`)}
          disabled={isLoading}
          data-testid={`action-${action}`}
          onClick={() => (action === 'discard' ? setDiscarding(true) : void run(action))}
        />
      ))}
      {waiting && response.reapply_at !== null && (
        <p className="muted" data-testid="reapply-at">
          {t('responses.reapply_at', { date: formatDate(response.reapply_at, lang) })}
        </p>
      )}
      <FormDialog
        header={t('actions.discard_header')}
        visible={discarding}
        onHide={() => setDiscarding(false)}
        className="response-dialog"
        footer={
          <>
            <FormDialogCancel label={t('actions.cancel')} />
            <Button
              type="button"
              severity="danger"
              label={t('actions.discard')}
              loading={isLoading}
              data-testid="discard-confirm"
              onClick={() =>
                void run('discard', reason.trim() === '' ? {} : { reason: reason.trim() }).then((ok) => {
                  if (ok) {
                    setDiscarding(false);
                    setReason('');
                  }
                })
              }
            />
          </>
        }
      >
        <label className="field-label" htmlFor="discard-reason">
          {t('actions.discard_reason')}
        </label>
        <InputTextarea
          id="discard-reason"
          rows={4}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormDialog>
    </div>
  );
}
