import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useTransitionResponseMutation } from '@/features/hiring/api/hiring-api';
import { ResponseActions } from '@/features/hiring/components/response-actions';
import { ResponseHistory } from '@/features/hiring/components/response-history';
import { InterviewSummary } from '@/features/hiring/components/interview-fields';
import type { Response } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatMoney } from '@/lib/money/money';
import { formatDate, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';

// "Write to the candidate" / "Write to the employer": the messenger's chat of the pair about this response.
export interface ResponseContactProps {
  userId: number;
  responseId: number;
  label: string;
}

export interface ResponseItemProps {
  response: Response;
  side: 'employer' | 'applicant';
  catalog: CatalogIndex;
  Contact?: ComponentType<ResponseContactProps>;
}

function StatusBadge({ response }: { response: Response }) {
  const { t } = useTranslation('jobs');
  return (
    <span className={`badge response-status-${response.status}`} data-testid="response-status">
      {t(`response_status.${response.status}`)}
    </span>
  );
}

// The resume as the employer sees it inline (the response's ResumeCard), linked to the whole resume.
function InlineResume({ response, catalog }: { response: Response; catalog: CatalogIndex }) {
  const { t } = useTranslation(['hiring', 'resumes']);
  const lang = useLanguage();
  const { resume } = response;
  const years = Math.floor(resume.experience_months / 12);
  const months = resume.experience_months % 12;
  return (
    <div className="response-resume" data-testid="response-resume">
      <p>
        <Link to={applicantPaths.resume(lang, resume.id)}>{resume.position}</Link>
        {resume.salary !== null &&
          ` · ${formatMoney(resume.salary, catalog.minorUnits(resume.salary.currency), lang)}`}
      </p>
      <p className="muted">
        {resume.experience_months === 0
          ? t('resumes:resume.no_experience')
          : [
              years > 0 ? t('resumes:resume.years', { count: years }) : '',
              months > 0 ? t('resumes:resume.months', { count: months }) : '',
            ]
              .filter((part) => part !== '')
              .join(' ')}
        {resume.last_job !== null &&
          ` · ${t('resumes:resume.last_job', { position: resume.last_job.position, company: resume.last_job.company })}`}
      </p>
      {resume.skill_ids.length > 0 && (
        <ul className="chips">
          {resume.skill_ids.slice(0, 10).map((id) => {
            const skill = catalog.skill(id);
            return skill === undefined ? null : <li key={id}>{catalog.name(skill.names)}</li>;
          })}
        </ul>
      )}
    </div>
  );
}

// One response in a list. The employer's starts folded: opening it shows the resume, the letter, the actions
// and the history, and marks a new response viewed (the `view` transition, SPEC: the employer has seen it).
export function ResponseItem({ response, side, catalog, Contact }: ResponseItemProps) {
  const { t } = useTranslation(['hiring', 'resumes']);
  const lang = useLanguage();
  const [open, setOpen] = useState(side === 'applicant');
  const [transition] = useTransitionResponseMutation();
  const canView = side === 'employer' && response.actions.includes('view');
  useEffect(() => {
    if (open && canView) void transition({ id: response.id, action: 'view', responseActionInput: {} });
  }, [open, canView, response.id, transition]);
  const peer = side === 'employer' ? response.applicant : response.employer;
  return (
    <article className="response-item card" data-testid="response-item" data-status={response.status}>
      <header className="response-head">
        {side === 'employer' ? (
          <img
            className="avatar"
            src={response.resume.photo?.thumbnail_url ?? response.applicant.avatar ?? kDefaultAvatar}
            alt=""
            width={48}
            height={48}
          />
        ) : (
          <img
            className="avatar"
            src={response.vacancy.company.logo?.thumbnail_url ?? kDefaultAvatar}
            alt=""
            width={48}
            height={48}
          />
        )}
        <div className="response-title">
          {side === 'employer' ? (
            <button
              type="button"
              className="link-button"
              aria-expanded={open}
              data-testid="response-open"
              onClick={() => setOpen((value) => !value)}
            >
              {fullName(response.applicant)} — {response.resume.position}
            </button>
          ) : (
            <Link to={applicantPaths.vacancy(lang, response.vacancy.id)}>{response.vacancy.title}</Link>
          )}
          <p className="muted">
            {side === 'applicant' && `${response.vacancy.company.name} · `}
            {response.origin === 'invitation' ? t('responses.invited_on') : t('responses.sent_on')}{' '}
            {formatDate(response.created_at, lang)}
            {side === 'applicant' &&
              ` · ${t('responses.with_resume', { position: response.resume.position })}`}
          </p>
        </div>
        <StatusBadge response={response} />
      </header>
      <InterviewSummary response={response} />
      {open && (
        <div className="response-body">
          {side === 'employer' && <InlineResume response={response} catalog={catalog} />}
          {response.letter !== '' && (
            <blockquote className="response-letter" data-testid="response-letter">
              {response.letter}
            </blockquote>
          )}
          {response.status === 'discarded' &&
            response.discard_reason !== null &&
            response.discard_reason !== '' && (
              <p className="response-reason" data-testid="discard-reason">
                {t('responses.reason', { reason: response.discard_reason })}
              </p>
            )}
          {response.vacancy.status !== 'published' && side === 'applicant' && (
            <p className="muted">{t('responses.vacancy_closed')}</p>
          )}
          <div className="response-tools">
            <ResponseActions response={response} />
            {Contact !== undefined && (
              <Suspense fallback={null}>
                <Contact
                  userId={peer.id}
                  responseId={response.id}
                  label={side === 'employer' ? t('responses.write_candidate') : t('responses.write_employer')}
                />
              </Suspense>
            )}
          </div>
          <details className="response-history-box">
            <summary>{t('responses.history')}</summary>
            <ResponseHistory history={response.history} />
          </details>
        </div>
      )}
    </article>
  );
}
