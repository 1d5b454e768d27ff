import '@/styles/marketplace.css';
import '@/styles/jobs.css';

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router-dom';

import { KeysetPages } from '@/components/keyset-pages';
import { QueryFallback, QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useListMyVacanciesQuery } from '@/features/vacancies/api/vacancies-api';
import { VacancyCard } from '@/features/vacancies/components/vacancy-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { MyVacancyCard, VacancyStatus } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { oneOf } from '@/lib/filters/url-params';
import { formatDate } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

const kStatuses = ['published', 'draft', 'archived'] as const satisfies readonly VacancyStatus[];

export interface MyVacanciesPageProps {
  // A row's link to its responses with their counters (hiring, through the app's slots).
  Responses: ComponentType<{ vacancy: MyVacancyCard }>;
}

function MyPage({
  status,
  catalog,
  Responses,
  cursor,
  last,
  onMore,
}: {
  status: VacancyStatus | null;
  catalog: CatalogIndex;
  Responses: MyVacanciesPageProps['Responses'];
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('vacancies');
  const lang = useLanguage();
  const result = useListMyVacanciesQuery({ status: status ?? undefined, cursor, limit: 20 });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<p className="empty-state">{t('my.empty')}</p>}
    >
      {(data) => (
        <>
          {data.items.map((vacancy) => (
            <VacancyCard
              key={vacancy.id}
              vacancy={vacancy}
              catalog={catalog}
              footer={
                <div className="my-vacancy-footer" data-testid="my-vacancy-footer">
                  <span className={`badge vacancy-status-${vacancy.status}`}>
                    {t(`vacancy.status.${vacancy.status}`)}
                  </span>
                  <span className="muted">
                    {t('vacancy.responses', { count: vacancy.response_count })}
                    {vacancy.new_response_count > 0
                      ? ` · ${t('vacancy.new_responses', { count: vacancy.new_response_count })}`
                      : ''}
                  </span>
                  {vacancy.status === 'published' && vacancy.expires_at !== null && (
                    <span className="muted">
                      {t('vacancy.expires', { date: formatDate(vacancy.expires_at, lang) })}
                    </span>
                  )}
                  <Responses vacancy={vacancy} />
                  <Link to={paths.vacancyEdit(lang, vacancy.id)}>{t('vacancy.views')}</Link>
                </div>
              }
            />
          ))}
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// vacancies/my: the signed-in user's vacancies by status (tabs in the URL, ?status=), with response counters
// and the hiring feature's link to each vacancy's responses.
export default function MyVacanciesPage({ Responses }: MyVacanciesPageProps) {
  const { t } = useTranslation('vacancies');
  const lang = useLanguage();
  const [searchParams] = useSearchParams();
  const status = oneOf(searchParams.get('status'), kStatuses);
  const catalogQuery = useCatalogQuery();
  useDocumentTitle(t('my.title'));
  const catalog = catalogQuery.data;
  if (catalog === undefined) return <QueryFallback results={[catalogQuery]} page />;
  const tab = (value: VacancyStatus | null) => {
    const to = value === null ? paths.vacanciesMy(lang) : `${paths.vacanciesMy(lang)}?status=${value}`;
    return (
      <NavLink key={value ?? 'all'} to={to} className={() => (status === value ? 'tab active' : 'tab')} end>
        {t(`my.tabs.${value ?? 'all'}`)}
      </NavLink>
    );
  };
  return (
    <section className="page my-vacancies-page">
      <div className="card-header-row">
        <h1>{t('my.title')}</h1>
        <Link to={paths.vacancyCreate(lang)} className="p-button">
          {t('list.create')}
        </Link>
      </div>
      <nav className="status-tabs" aria-label={t('my.title')}>
        {tab(null)}
        {kStatuses.map((value) => tab(value))}
      </nav>
      <div className="order-results">
        <KeysetPages key={status ?? 'all'} remember>
          {(page) => <MyPage status={status} catalog={catalog} Responses={Responses} {...page} />}
        </KeysetPages>
      </div>
    </section>
  );
}
