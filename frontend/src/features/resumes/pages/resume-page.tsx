import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { kBackToList } from '@/hooks/use-list-memory';
import { useGetResumeQuery } from '@/features/resumes/api/resumes-api';
import { languageName } from '@/features/resumes/components/resume-form';
import { ResumeOwnerActions } from '@/features/resumes/components/resume-owner-actions';
import { experienceText, salaryText } from '@/features/resumes/model/resume-format';
import { placeText } from '@/lib/catalog/place';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import type { Resume } from '@/lib/api/schema.generated';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatDate, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';
import { isDigitId } from '@/lib/routing/digit-id';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { useViewer } from '@/lib/session/viewer';
import { Bookmark } from '@/lib/bookmarks/bookmark';

// What the resume page shows from another feature: the employer's invitation to one of their vacancies (hiring).
export interface ResumesSlots {
  Invite: ComponentType<{ resume: Resume }>;
}

function monthText(month: string, lang: string): string {
  const [year, number] = month.split('-').map(Number);
  if (year === undefined || number === undefined) return month;
  return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric' }).format(
    new Date(year, number - 1, 1),
  );
}

function Fact({ label, children }: { label: string; children: string }) {
  if (children === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

// resume/{id}: the resume (a guest sees a public published one only; the server answers 404 otherwise), the
// owner's actions, and for a signed-in employer the invitation to a vacancy.
export default function ResumePage({ Invite }: ResumesSlots) {
  const { t } = useTranslation(['resumes', 'jobs']);
  const lang = useLanguage();
  const viewer = useViewer();
  const { id } = useParams();
  const valid = isDigitId(id);
  const resumeQuery = useGetResumeQuery({ id: Number(id) }, { skip: !valid });
  const catalogQuery = useCatalogQuery();
  const resume = resumeQuery.data;
  const catalog = catalogQuery.data ?? null;
  useDocumentTitle(resume?.position ?? t('list.title'));
  if (!valid || errorStatus(resumeQuery.error) === 404) return <NotFoundPage />;
  if (resume === undefined || catalog === null) {
    return <QueryFallback results={[resumeQuery, catalogQuery]} page />;
  }
  const category = catalog.category(resume.category_id);
  const salary = salaryText(resume.salary, catalog, lang);
  const citizenship = resume.citizenship_id === null ? undefined : catalog.country(resume.citizenship_id);
  return (
    <section className="page resume-page">
      <Link to={applicantPaths.resumes(lang)} state={kBackToList} className="back-link">
        <span className="pi pi-arrow-left" aria-hidden="true" /> {t('resume.back')}
      </Link>
      <article className="card resume-sheet">
        <header className="resume-head">
          <img
            className="resume-photo"
            src={resume.photo?.url ?? resume.user.avatar ?? kDefaultAvatar}
            alt=""
            width={120}
            height={120}
          />
          <div>
            <p className="muted">{fullName(resume.user)}</p>
            <div className="bookmark-heading">
              <h1 data-testid="resume-position">{resume.position}</h1>
              <Bookmark kind="resume" id={resume.id} />
            </div>
            <p className="resume-salary">{salary ?? t('resume.salary_none')}</p>
            <p className="muted">
              {[
                category === undefined ? null : catalog.name(category.names),
                ...resume.specialization_ids.map((sid) => {
                  const item = catalog.specialization(sid);
                  return item === undefined ? null : catalog.name(item.names);
                }),
              ]
                .filter((item) => item !== null)
                .join(' · ')}
            </p>
            {resume.is_owner && (
              <p className="resume-status-row">
                <span className={`badge resume-status-${resume.status}`} data-testid="resume-status">
                  {t(`status.${resume.status}`)}
                </span>
                <span className="badge badge-muted">{t(`visibility.${resume.visibility}`)}</span>
              </p>
            )}
          </div>
        </header>
        {resume.is_owner && <ResumeOwnerActions resume={resume} />}
        {!resume.is_owner && viewer.id !== null && (
          <Suspense fallback={null}>
            <Invite resume={resume} />
          </Suspense>
        )}
        <dl className="resume-facts">
          <Fact label={t('resume.experience')}>{experienceText(resume.experience_months, t)}</Fact>
          <Fact label={t('form.employments')}>
            {resume.employments.map((value) => t(`jobs:employment.${value}`)).join(', ')}
          </Fact>
          <Fact label={t('form.schedules')}>
            {resume.schedules.map((value) => t(`jobs:schedule.${value}`)).join(', ')}
          </Fact>
          <Fact label={t('resume.place')}>{placeText(catalog, resume.country_id, resume.city_id)}</Fact>
          <Fact label={t('form.citizenship')}>
            {citizenship === undefined ? '' : catalog.name(citizenship.names)}
          </Fact>
          <Fact label={t('resume.relocation')}>
            {[
              resume.relocate ? t('form.relocate') : null,
              resume.business_trips ? t('form.business_trips') : null,
            ]
              .filter((item) => item !== null)
              .join(', ')}
          </Fact>
          <Fact label={t('form.languages')}>
            {resume.languages
              .map(
                (entry) => `${languageName(entry.code, lang)} — ${t(`jobs:language_level.${entry.level}`)}`,
              )
              .join('; ')}
          </Fact>
        </dl>
        {resume.experience.length > 0 && (
          <section className="resume-block">
            <h2>{t('form.section.experience')}</h2>
            <ol className="resume-timeline" data-testid="resume-experience">
              {resume.experience.map((entry) => (
                <li key={entry.id}>
                  <p className="muted">
                    {monthText(entry.start, lang)} —{' '}
                    {entry.end === null ? t('resume.now') : monthText(entry.end, lang)}
                  </p>
                  <h3>{entry.position}</h3>
                  <p>{entry.company}</p>
                  {entry.description !== '' && <p className="resume-text">{entry.description}</p>}
                </li>
              ))}
            </ol>
          </section>
        )}
        {resume.education.length > 0 && (
          <section className="resume-block">
            <h2>{t('form.section.education')}</h2>
            <ul className="resume-timeline">
              {resume.education.map((entry, index) => (
                <li key={index}>
                  <p className="muted">
                    {t(`jobs:education_level.${entry.level}`)}
                    {entry.graduation_year === null ? '' : ` · ${entry.graduation_year}`}
                  </p>
                  <h3>{entry.institution}</h3>
                  {entry.specialty !== '' && <p>{entry.specialty}</p>}
                </li>
              ))}
            </ul>
          </section>
        )}
        {resume.skill_ids.length > 0 && (
          <section className="resume-block">
            <h2>{t('form.skills')}</h2>
            <ul className="chips">
              {resume.skill_ids.map((skillId) => {
                const skill = catalog.skill(skillId);
                return skill === undefined ? null : <li key={skillId}>{catalog.name(skill.names)}</li>;
              })}
            </ul>
          </section>
        )}
        {resume.about !== '' && (
          <section className="resume-block">
            <h2>{t('form.about')}</h2>
            <p className="resume-text">{resume.about}</p>
          </section>
        )}
        <p className="muted">{t('resume.updated', { date: formatDate(resume.updated_at, lang) })}</p>
      </article>
    </section>
  );
}
