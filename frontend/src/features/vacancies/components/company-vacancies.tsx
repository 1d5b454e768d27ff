import { useTranslation } from 'react-i18next';

import { KeysetPages } from '@/components/keyset-pages';
import { QueryFallback, QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useListCompanyVacanciesQuery } from '@/features/vacancies/api/vacancies-api';
import { VacancyCard } from '@/features/vacancies/components/vacancy-card';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';

function CompanyVacanciesPage({
  companyId,
  catalog,
  cursor,
  last,
  onMore,
}: {
  companyId: number;
  catalog: CatalogIndex;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('companies');
  const result = useListCompanyVacanciesQuery({ id: companyId, cursor, limit: 20 });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<p className="muted">{t('company.vacancies_empty')}</p>}
    >
      {(data) => (
        <>
          {data.items.map((vacancy) => (
            <VacancyCard key={vacancy.id} vacancy={vacancy} catalog={catalog} />
          ))}
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// employer/{id}'s open vacancies (the company page's slot).
export function CompanyVacancies({ companyId }: { companyId: number; isOwner: boolean }) {
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data;
  if (catalog === undefined) return <QueryFallback results={[catalogQuery]} />;
  return (
    <div className="company-vacancies" data-testid="company-vacancies">
      <KeysetPages key={companyId}>
        {(page) => <CompanyVacanciesPage companyId={companyId} catalog={catalog} {...page} />}
      </KeysetPages>
    </div>
  );
}
