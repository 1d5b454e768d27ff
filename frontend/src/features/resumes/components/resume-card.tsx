import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { experienceText, salaryText } from '@/features/resumes/model/resume-format';
import { placeText } from '@/lib/catalog/place';
import type { ResumeCard as ResumeCardData } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { fullName, formatDate } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';

export interface ResumeCardProps {
  resume: Omit<ResumeCardData, 'category_id' | 'experience_bucket'>;
  catalog: CatalogIndex;
  // Badges and links under the card (the owner's list: status, visibility, responses).
  children?: ReactNode;
}

// A resume in a list: photo, position, salary, experience, the last job, place, skills.
export function ResumeCard({ resume, catalog, children }: ResumeCardProps) {
  const { t } = useTranslation('resumes');
  const lang = useLanguage();
  const salary = salaryText(resume.salary, catalog, lang);
  const place = placeText(catalog, resume.country_id, resume.city_id);
  return (
    <article className="resume-card" data-testid="resume-card">
      <img
        className="resume-card-photo"
        src={resume.photo?.thumbnail_url ?? resume.user.avatar ?? kDefaultAvatar}
        alt=""
        width={64}
        height={64}
      />
      <div className="resume-card-body">
        <div className="order-card-head">
          <h2>
            <Link to={applicantPaths.resume(lang, resume.id)}>{resume.position}</Link>
          </h2>
          <strong className="order-card-budget">{salary ?? t('resume.salary_none')}</strong>
        </div>
        <p className="muted">
          {fullName(resume.user)}
          {' · '}
          {experienceText(resume.experience_months, t)}
          {place !== '' && ` · ${place}`}
        </p>
        {resume.last_job !== null && (
          <p className="resume-card-job">
            {t('resume.last_job', { position: resume.last_job.position, company: resume.last_job.company })}
          </p>
        )}
        {resume.skill_ids.length > 0 && (
          <ul className="chips">
            {resume.skill_ids.slice(0, 8).map((id) => {
              const skill = catalog.skill(id);
              return skill === undefined ? null : <li key={id}>{catalog.name(skill.names)}</li>;
            })}
          </ul>
        )}
        <div className="order-card-meta">
          <span className="muted">{t('resume.updated', { date: formatDate(resume.updated_at, lang) })}</span>
          {children}
        </div>
      </div>
    </article>
  );
}
