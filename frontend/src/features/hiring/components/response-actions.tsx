import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError } from '@/components/field-error';
import { useTransitionResponseMutation } from '@/features/hiring/api/hiring-api';
import { InterviewFields } from '@/features/hiring/components/interview-fields';
import { emptyInterview, interviewBody, type InterviewDraft } from '@/features/hiring/model/interview';
import { kButtons } from '@/features/hiring/model/response-status';
import { errorBody, firstFieldError } from '@/lib/api/api-error';
import type { Response, ResponseActionInput, ResponseTransition } from '@/lib/api/schema.generated';
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
// reason, interview the interview's details (the date and time, the format, the place and a message). For the
// applicant of a closed response, when reapplying is not yet possible, the rule's date.
export function ResponseActions({ response }: { response: Response }) {
  const { t } = useTranslation('hiring');
  const lang = useLanguage();
  const [transition, { isLoading, error, reset }] = useTransitionResponseMutation();
  const [discarding, setDiscarding] = useState(false);
  const [reason, setReason] = useState('');
  const [interviewing, setInterviewing] = useState(false);
  const [interview, setInterview] = useState<InterviewDraft>(emptyInterview);
  const run = async (action: ResponseTransition, body: ResponseActionInput = {}) => {
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
          onClick={() => {
            if (action === 'discard') setDiscarding(true);
            else if (action === 'interview') {
              reset();
              setInterview(emptyInterview());
              setInterviewing(true);
            } else void run(action);
          }}
        />
      ))}
      {waiting && response.reapply_at !== null && (
        <p className="muted" data-testid="reapply-at">
          {t('responses.reapply_at', { date: formatDate(response.reapply_at, lang) })}
        </p>
      )}
      <FormDialog
        header={t('interview.title')}
        visible={interviewing}
        onHide={() => setInterviewing(false)}
        className="response-dialog"
        footer={
          <>
            <FormDialogCancel label={t('actions.cancel')} />
            <Button
              type="button"
              label={t('interview.send')}
              loading={isLoading}
              data-testid="interview-confirm"
              onClick={() =>
                void run('interview', interviewBody(interview, true)).then((ok) => {
                  if (ok) setInterviewing(false);
                })
              }
            />
          </>
        }
      >
        <div className="respond-form">
          <InterviewFields
            id={`interview-${response.id}`}
            draft={interview}
            onChange={setInterview}
            errorOf={(field) => firstFieldError(error, field)}
            withMessage
          />
          {/* An answer without field errors (409: the response moved on meanwhile) is said here. */}
          <FieldError
            message={errorBody(error)?.errors === undefined ? errorBody(error)?.message : undefined}
          />
        </div>
      </FormDialog>
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
