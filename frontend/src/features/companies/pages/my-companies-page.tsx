import '@/styles/marketplace.css';
import '@/styles/jobs.css';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import { useListMyCompaniesQuery } from '@/features/companies/api/companies-api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatNumber } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// employers/my: the signed-in user's companies, newest first, with their open vacancy counts and ratings.
export default function MyCompaniesPage() {
  const { t } = useTranslation(['companies', 'jobs']);
  const lang = useLanguage();
  const result = useListMyCompaniesQuery();
  useDocumentTitle(t('companies:company.my_title'));
  return (
    <section className="page my-companies-page">
      <div className="card-header-row">
        <h1>{t('companies:company.my_title')}</h1>
        <Link to={paths.employerCreate(lang)} className="p-button">
          {t('companies:company.create')}
        </Link>
      </div>
      <QueryState
        result={result}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="empty-state">{t('companies:company.my_empty')}</p>}
      >
        {(data) => (
          <ul className="company-list">
            {data.items.map((company) => (
              <li key={company.id} className="card company-row" data-testid="my-company">
                {company.logo !== null && (
                  <img
                    className="company-logo"
                    src={company.logo.thumbnail_url}
                    alt=""
                    width={48}
                    height={48}
                  />
                )}
                <div className="company-row-text">
                  <Link to={paths.employer(lang, company.id)}>
                    <strong>{company.name}</strong>
                  </Link>
                  <span className="muted">
                    {t(`jobs:industry.${company.industry}`)} ·{' '}
                    {t('companies:company.vacancy_count', { count: company.vacancy_count })}
                    {company.rating.average === null
                      ? ''
                      : ` · ★ ${formatNumber(company.rating.average, lang, 1)}`}
                  </span>
                </div>
                <div className="company-row-actions">
                  <Link to={paths.employerEdit(lang, company.id)} className="p-button p-button-text">
                    {t('companies:company.edit')}
                  </Link>
                  <Link to={paths.vacancyCreate(lang, company.id)} className="p-button p-button-outlined">
                    {t('companies:company.post_vacancy')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
