import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { VacancyCard as VacancyCardData } from '@/lib/api/schema.generated';
import { placeText } from '@/lib/catalog/place';
import { salaryText } from '@/lib/money/salary';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { formatDate } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export interface VacancyCardProps {
  vacancy: VacancyCardData;
  catalog: CatalogIndex;
  // The owner's extras (status, counters, the responses slot) under the card.
  footer?: ReactNode;
}

// A vacancy in a list: title, salary, company (with its verified mark and rating), place, conditions, excerpt.
export function VacancyCard({ vacancy, catalog, footer }: VacancyCardProps) {
  const { t } = useTranslation(['vacancies', 'jobs', 'companies']);
  const lang = useLanguage();
  const place = placeText(catalog, vacancy.country_id, vacancy.city_id);
  return (
    <article className="card vacancy-card" data-testid="vacancy-card">
      <div className="vacancy-card-head">
        <div>
          <h3>
            <Link to={paths.vacancy(lang, vacancy.id)}>{vacancy.title}</Link>
          </h3>
          <p className="vacancy-salary">{salaryText(vacancy.salary, catalog, lang, t)}</p>
        </div>
        {vacancy.company.logo !== null && (
          <img
            className="company-logo"
            src={vacancy.company.logo.thumbnail_url}
            alt=""
            width={48}
            height={48}
          />
        )}
      </div>
      <p className="vacancy-company">
        <Link to={paths.employer(lang, vacancy.company.id)}>{vacancy.company.name}</Link>
        {vacancy.company.verified && (
          <span className="pi pi-verified company-verified" aria-label={t('companies:company.verified')} />
        )}
        {vacancy.company.rating !== null && (
          <span className="muted"> ★ {vacancy.company.rating.toFixed(1)}</span>
        )}
      </p>
      <p className="muted">
        {[
          place,
          t(`jobs:employment.${vacancy.employment}`),
          t(`jobs:schedule.${vacancy.schedule}`),
          t(`jobs:experience.${vacancy.experience}`),
        ]
          .filter((item) => item !== '')
          .join(' · ')}
      </p>
      {vacancy.excerpt !== '' && <p className="vacancy-excerpt">{vacancy.excerpt}</p>}
      {vacancy.skill_ids.length > 0 && (
        <ul className="chips">
          {vacancy.skill_ids.map((id) => {
            const skill = catalog.skill(id);
            return skill === undefined ? null : (
              <li key={id} className="chip">
                {catalog.name(skill.names)}
              </li>
            );
          })}
        </ul>
      )}
      {vacancy.published_at !== null && (
        <p className="muted small">
          {t('vacancies:vacancy.published', { date: formatDate(vacancy.published_at, lang) })}
        </p>
      )}
      {footer}
    </article>
  );
}
