import '@/styles/marketplace.css';
import '@/styles/jobs.css';

import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { EmptyResults } from '@/components/empty-results';
import { CategoryNav, categoryCount } from '@/components/category-nav';
import { KeysetPages } from '@/components/keyset-pages';
import { CorrectedNote, ListPageLayout } from '@/components/list-page-layout';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback, QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useCountVacanciesQuery, useListVacanciesQuery } from '@/features/vacancies/api/vacancies-api';
import { VacancyCard } from '@/features/vacancies/components/vacancy-card';
import { VacancyFiltersPanel } from '@/features/vacancies/components/vacancy-filters-panel';
import {
  hasAdvancedVacancyFilters,
  kEmptyVacancyFilters,
  kVacancySorts,
  parseVacancyFilters,
  toVacancyArgs,
  toVacancyCountArgs,
  vacancyFiltersToSearch,
  type VacancyFilters,
  type VacancyListArgs,
} from '@/features/vacancies/model/vacancy-filters';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { filterOf } from '@/lib/saved-searches/filter-of';
import { SaveSearch } from '@/lib/saved-searches/save-search';

const kPageSize = 20;

function ResultPage({
  args,
  catalog,
  cursor,
  last,
  onMore,
  onReset,
}: {
  args: VacancyListArgs;
  catalog: CatalogIndex;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('vacancies');
  const result = useListVacanciesQuery({ ...args, cursor, limit: kPageSize });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<EmptyResults text={t('list.empty')} onReset={onReset} testId="vacancies-empty" />}
    >
      {(data) => (
        <>
          {cursor === undefined && data.corrected !== null && (
            <CorrectedNote corrected={data.corrected} message={(query) => t('list.corrected', { query })} />
          )}
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

// vacancies and vacancies/{category}: the published vacancies with the category sidebar and its counts, search
// (with the typo fallback's note), filters and sort — all a plain value in the URL (model/vacancy-filters).
export default function VacanciesPage() {
  const { t } = useTranslation('vacancies');
  const lang = useLanguage();
  const { category } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseVacancyFilters(searchParams);
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data ?? null;
  const current = category === undefined ? undefined : catalog?.categoryByCode(category);
  const args =
    catalog === null ? null : toVacancyArgs(filters, category, catalog.minorUnits(filters.currency));
  const { data: counts } = useCountVacanciesQuery(args === null ? {} : toVacancyCountArgs(args), {
    skip: args === null,
  });
  const title =
    current === undefined || catalog === null
      ? t('list.title')
      : `${t('list.title')}: ${catalog.name(current.names)}`;
  useDocumentTitle(title);

  if (catalog === null || args === null) return <QueryFallback results={[catalogQuery]} page />;
  if (category !== undefined && current === undefined) return <NotFoundPage />;

  const apply = (next: VacancyFilters) => setSearchParams(vacancyFiltersToSearch(next));
  const categorySearch = vacancyFiltersToSearch({ ...filters, specialization: null }).toString();
  const found = categoryCount(counts, current?.id);

  return (
    <ListPageLayout
      className="vacancies-page"
      title={title}
      action={
        <div className="list-header-actions">
          <SaveSearch
            scope="vacancies"
            filter={filterOf(searchParams, category)}
            suggestedName={
              [current === undefined ? '' : catalog.name(current.names), filters.q.trim()]
                .filter((part) => part !== '')
                .join(' · ') || t('list.title')
            }
          />
          <Link to={paths.vacancyCreate(lang)} className="p-button">
            {t('list.create')}
          </Link>
        </div>
      }
      nav={
        <CategoryNav
          catalog={catalog}
          counts={counts}
          to={(code) => paths.vacancies(lang, code, categorySearch)}
        />
      }
      search={{
        q: filters.q,
        label: t('list.search_label'),
        placeholder: t('list.search_placeholder'),
        onSearch: (q) => apply({ ...filters, q }),
      }}
      found={found === undefined ? '' : t('list.found', { count: found })}
      sort={{
        label: t('list.sort_label'),
        value: filters.sort,
        options: kVacancySorts.map((value) => ({ value, label: t(`list.sort.${value}`) })),
        onChange: (sort) => apply({ ...filters, sort }),
      }}
      filtersOpen={hasAdvancedVacancyFilters(filters)}
      filters={
        <VacancyFiltersPanel
          key={searchParams.toString()}
          filters={filters}
          catalog={catalog}
          categoryId={current?.id ?? null}
          onChange={apply}
        />
      }
      resultsTestId="vacancy-results"
    >
      <KeysetPages key={`${category ?? ''}?${searchParams.toString()}`} remember>
        {(page) => (
          <ResultPage
            args={args}
            catalog={catalog}
            onReset={() => apply({ ...kEmptyVacancyFilters })}
            {...page}
          />
        )}
      </KeysetPages>
    </ListPageLayout>
  );
}
