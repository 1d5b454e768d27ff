import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { FieldError } from '@/components/field-error';
import { QueryState } from '@/components/query-state';
import {
  useGetMyVacancyResponseQuery,
  useRespondToVacancyMutation,
  useResumesToSendQuery,
} from '@/features/hiring/api/hiring-api';
import { InterviewSummary } from '@/features/hiring/components/interview-fields';
import { ResponseActions } from '@/features/hiring/components/response-actions';
import type { ResponseContactProps } from '@/features/hiring/components/response-item';
import { errorBody, firstFieldError } from '@/lib/api/api-error';
import type { Response } from '@/lib/api/schema.generated';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';
import { paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';
import { showToast } from '@/lib/toast/toast-store';
import { FormDialog, FormDialogCancel } from '@/components/form-dialog';

export interface RespondPanelProps {
  // The vacancy (only what the panel needs of jui's Vacancy).
  vacancy: { id: number; title: string; status: string; is_owner: boolean };
  Contact?: ComponentType<ResponseContactProps>;
}

// The dialog: one of my published resumes (a link to write one when there is none) and a cover letter.
export function RespondDialog({
  vacancyId,
  visible,
  onHide,
}: {
  vacancyId: number;
  visible: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation(['hiring', 'resumes']);
  const lang = useLanguage();
  const resumes = useResumesToSendQuery(undefined, { skip: !visible });
  const [respond, { isLoading, error }] = useRespondToVacancyMutation();
  const [resumeId, setResumeId] = useState<number | null>(null);
  const [letter, setLetter] = useState('');
  const published = (resumes.data?.items ?? []).filter((item) => item.status === 'published');
  const chosen = resumeId ?? published[0]?.id ?? null;
  const send = async () => {
    if (chosen === null) return;
    const result = await respond({
      id: vacancyId,
      respondInput: { resume_id: chosen, letter: letter.trim() },
    });
    if (result.data === undefined) return;
    // SPEC §8: 'Application sent'.
    showToast({ severity: 'success', summary: t('respond.sent') });
    setLetter('');
    onHide();
  };
  const problem =
    error === undefined
      ? undefined
      : (firstFieldError(error, 'resume_id') ?? firstFieldError(error, 'letter'));
  return (
    <FormDialog
      header={t('respond.title')}
      visible={visible}
      onHide={onHide}
      className="response-dialog"
      data-testid="respond-dialog"
      footer={
        published.length > 0 ? (
          <>
            <FormDialogCancel label={t('actions.cancel')} />
            <Button
              type="button"
              label={t('respond.send')}
              loading={isLoading}
              data-testid="respond-send"
              onClick={() => void send()}
            />
          </>
        ) : null
      }
    >
      <QueryState
        result={resumes}
        isEmpty={() => published.length === 0}
        empty={
          <div className="empty-state" data-testid="respond-no-resume">
            <p>{t('respond.no_resume')}</p>
            <Link to={applicantPaths.resumeCreate(lang)} className="p-button">
              {t('resumes:list.create')}
            </Link>
          </div>
        }
      >
        {() => (
          <div className="respond-form">
            <label className="field-label" htmlFor="respond-resume">
              {t('respond.resume')}
            </label>
            <Dropdown
              inputId="respond-resume"
              value={chosen}
              options={published.map((item) => ({ value: item.id, label: item.position }))}
              onChange={(event) => setResumeId(event.value as number)}
            />
            <label className="field-label" htmlFor="respond-letter">
              {t('respond.letter')}
            </label>
            <InputTextarea
              id="respond-letter"
              rows={6}
              maxLength={3000}
              value={letter}
              placeholder={t('respond.letter_placeholder')}
              onChange={(event) => setLetter(event.target.value)}
            />
            <FieldError
              message={problem ?? (problem === undefined ? errorBody(error)?.message : undefined)}
            />
          </div>
        )}
      </QueryState>
    </FormDialog>
  );
}

function MyResponse({
  response,
  Contact,
}: {
  response: Response;
  Contact?: ComponentType<ResponseContactProps>;
}) {
  const { t } = useTranslation(['hiring', 'resumes', 'jobs']);
  const lang = useLanguage();
  return (
    <div className="my-response" data-testid="my-response">
      <p>
        {t('respond.status')}{' '}
        <span className={`badge response-status-${response.status}`} data-testid="response-status">
          {t(`jobs:response_status.${response.status}`)}
        </span>
      </p>
      <InterviewSummary response={response} />
      {response.discard_reason !== null && response.discard_reason !== '' && (
        <p className="response-reason">{t('responses.reason', { reason: response.discard_reason })}</p>
      )}
      <div className="response-tools">
        <ResponseActions response={response} />
        {Contact !== undefined && (
          <Contact
            userId={response.employer.id}
            responseId={response.id}
            label={t('responses.write_employer')}
          />
        )}
      </div>
      <Link to={applicantPaths.myResponses(lang)}>{t('respond.all_mine')}</Link>
    </div>
  );
}

// The vacancy page's respond part (VacanciesSlots.Respond): "Respond" with the dialog, or once responded the
// response's status and its actions; a guest is asked to log in; the owner sees nothing here.
export function RespondPanel({ vacancy, Contact }: RespondPanelProps) {
  const { t } = useTranslation(['hiring', 'resumes']);
  const lang = useLanguage();
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  const mine = useGetMyVacancyResponseQuery(
    { id: vacancy.id },
    { skip: viewer.id === null || vacancy.is_owner },
  );
  if (vacancy.is_owner) return null;
  if (viewer.id === null) {
    if (vacancy.status !== 'published') return null;
    return (
      <Link to={paths.login(lang)} className="p-button" data-testid="respond-login">
        {t('respond.button')}
      </Link>
    );
  }
  return (
    <div className="respond-panel" data-testid="respond-panel">
      <QueryState result={mine} loader={null}>
        {(data) =>
          data.response !== null ? (
            <MyResponse response={data.response} Contact={Contact} />
          ) : vacancy.status === 'published' ? (
            <Button
              type="button"
              label={t('respond.button')}
              data-testid="respond-button"
              onClick={() => setOpen(true)}
            />
          ) : null
        }
      </QueryState>
      <RespondDialog vacancyId={vacancy.id} visible={open} onHide={() => setOpen(false)} />
    </div>
  );
}
