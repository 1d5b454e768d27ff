import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError } from '@/components/field-error';
import { QueryState } from '@/components/query-state';
import { useInviteResumeMutation, useVacanciesToInviteQuery } from '@/features/hiring/api/hiring-api';
import { InterviewFields } from '@/features/hiring/components/interview-fields';
import {
  emptyInterview,
  interviewBody,
  interviewStarted,
  type InterviewDraft,
} from '@/features/hiring/model/interview';
import { errorBody, firstFieldError } from '@/lib/api/api-error';
import type { Resume } from '@/lib/api/schema.generated';
import { showToast } from '@/lib/toast/toast-store';
import { FormDialog, FormDialogCancel } from '@/components/form-dialog';

// The resume page's invitation (ResumesSlots.Invite): an employer picks one of their published vacancies and
// writes a message, optionally with the interview's date, time, format and place; the response starts at "interview" (origin invitation). Without a published vacancy the
// button is not shown.
export function InviteButton({ resume }: { resume: Resume }) {
  const { t } = useTranslation('hiring');
  const vacancies = useVacanciesToInviteQuery();
  const [open, setOpen] = useState(false);
  const [vacancyId, setVacancyId] = useState<number | null>(null);
  const [letter, setLetter] = useState('');
  const [interview, setInterview] = useState<InterviewDraft>(emptyInterview);
  const [invite, { isLoading, error, reset }] = useInviteResumeMutation();
  const items = vacancies.data?.items ?? [];
  if (resume.status !== 'published' || items.length === 0) return null;
  const chosen = vacancyId ?? items[0]?.id ?? null;
  const send = async () => {
    if (chosen === null) return;
    const result = await invite({
      id: resume.id,
      inviteInput: {
        vacancy_id: chosen,
        letter: letter.trim(),
        ...(interviewStarted(interview) ? interviewBody(interview, false) : {}),
      },
    });
    if (result.data === undefined) return;
    showToast({ severity: 'success', summary: t('invite.sent') });
    setOpen(false);
    setLetter('');
    setInterview(emptyInterview());
  };
  const problem =
    firstFieldError(error, 'vacancy_id') ??
    firstFieldError(error, 'letter') ??
    (errorBody(error)?.errors === undefined ? errorBody(error)?.message : undefined);
  return (
    <div className="invite-part">
      <Button
        type="button"
        icon="pi pi-user-plus"
        label={t('invite.button')}
        data-testid="invite-button"
        onClick={() => {
          reset();
          setOpen(true);
        }}
      />
      <FormDialog
        header={t('invite.title')}
        visible={open}
        onHide={() => setOpen(false)}
        className="response-dialog"
        footer={
          <>
            <FormDialogCancel label={t('actions.cancel')} />
            <Button
              type="button"
              label={t('invite.send')}
              loading={isLoading}
              data-testid="invite-send"
              onClick={() => void send()}
            />
          </>
        }
      >
        <QueryState result={vacancies}>
          {() => (
            <div className="respond-form">
              <label className="field-label" htmlFor="invite-vacancy">
                {t('invite.vacancy')}
              </label>
              <Dropdown
                inputId="invite-vacancy"
                value={chosen}
                options={items.map((item) => ({ value: item.id, label: item.title }))}
                onChange={(event) => setVacancyId(event.value as number)}
              />
              <label className="field-label" htmlFor="invite-letter">
                {t('invite.letter')}
              </label>
              <InputTextarea
                id="invite-letter"
                rows={5}
                maxLength={3000}
                value={letter}
                onChange={(event) => setLetter(event.target.value)}
              />
              <FieldError message={problem} />
              <p className="field-label">{t('interview.optional')}</p>
              <InterviewFields
                id="invite-interview"
                draft={interview}
                onChange={setInterview}
                errorOf={(field) => firstFieldError(error, field)}
                withMessage={false}
              />
            </div>
          )}
        </QueryState>
      </FormDialog>
    </div>
  );
}
