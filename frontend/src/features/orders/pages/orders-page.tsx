import '@/styles/marketplace.css';

import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { EmptyResults } from '@/components/empty-results';
import { CategoryNav, categoryCount } from '@/components/category-nav';
import { ListPageLayout } from '@/components/list-page-layout';
import { QueryFallback, QueryState } from '@/components/query-state';
import { useCountOrdersQuery, useListOrdersQuery } from '@/features/orders/api/orders-api';
import { OrderCard } from '@/features/orders/components/order-card';
import { OrderFiltersPanel } from '@/features/orders/components/order-filters-panel';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import {
  filtersToSearch,
  hasAdvancedFilters,
  kSorts,
  parseFilters,
  toListArgs,
  kEmptyFilters,
  type OrderFilters,
} from '@/features/orders/model/order-filters';
import { NotFoundPage } from '@/components/not-found-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { KeysetPages } from '@/components/keyset-pages';
import { filterOf } from '@/lib/saved-searches/filter-of';
import { SaveSearch } from '@/lib/saved-searches/save-search';
import { ShowMoreButton } from '@/components/show-more-button';

const kPageSize = 20;

interface ResultPageProps {
  args: ReturnType<typeof toListArgs>;
  cursor: string | undefined;
  last: boolean;
  catalog: CatalogIndex;
  onMore: (cursor: string) => void;
  onReset: () => void;
}

// One keyset page; the last one shown carries the "show more" button.
function ResultPage({ args, cursor, last, catalog, onMore, onReset }: ResultPageProps) {
  const { t } = useTranslation('orders');
  const result = useListOrdersQuery({ ...args, cursor, limit: kPageSize });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<EmptyResults text={t('list.empty')} onReset={onReset} testId="orders-empty" />}
    >
      {(data) => (
        <>
          {data.items.map((order) => (
            <OrderCard key={order.id} order={order} catalog={catalog} />
          ))}
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// orders and orders/{category}: the open orders with the category sidebar, search, filters and sort, all in
// the URL (shareable; the back button walks through filter changes).
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const { category } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseFilters(searchParams);
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data ?? null;
  const countArgs = toListArgs(filters, undefined, catalog?.minorUnits(filters.currency) ?? 2);
  const { data: counts } = useCountOrdersQuery(
    {
      q: countArgs.q,
      deadline: countArgs.deadline,
      payment: countArgs.payment,
      budgetMin: countArgs.budgetMin,
      budgetMax: countArgs.budgetMax,
      currency: countArgs.currency,
      country: countArgs.country,
      city: countArgs.city,
      skill: countArgs.skill,
      portfolio: countArgs.portfolio,
    },
    { skip: catalog === null },
  );
  const current = category === undefined ? undefined : catalog?.categoryByCode(category);
  const listArgs = toListArgs(filters, category, catalog?.minorUnits(filters.currency) ?? 2);
  // The first page (the same cache entry the list shows): the count when a specialization narrows the list,
  // which the counts do not know.
  const { data: firstPage } = useListOrdersQuery(
    { ...listArgs, cursor: undefined, limit: kPageSize },
    { skip: catalog === null || filters.specialization === null },
  );
  useDocumentTitle(current === undefined || catalog === null ? t('list.title') : catalog.name(current.names));

  if (catalog === null) return <QueryFallback results={[catalogQuery]} page />;
  if (category !== undefined && current === undefined) return <NotFoundPage />;

  const apply = (next: OrderFilters) => setSearchParams(filtersToSearch(next));
  // "Save this search": the name suggested from the category and the words, else the list's title.
  const suggestedName =
    [current === undefined ? '' : catalog.name(current.names), filters.q.trim()]
      .filter((part) => part !== '')
      .join(' · ') || t('list.title');
  // Moving to another category keeps the filters but not the specialization (it belongs to a category).
  const categorySearch = filtersToSearch({ ...filters, specialization: null }).toString();
  const found =
    filters.specialization !== null
      ? firstPage?.next_cursor === null
        ? firstPage.items.length
        : undefined
      : categoryCount(counts, current?.id);

  return (
    <ListPageLayout
      title={current === undefined ? t('list.title') : catalog.name(current.names)}
      action={
        <div className="list-header-actions">
          <SaveSearch
            scope="orders"
            filter={filterOf(searchParams, category)}
            suggestedName={suggestedName}
          />
          <Link to={paths.createOrder(lang)} className="p-button">
            {t('list.create')}
          </Link>
        </div>
      }
      nav={
        <CategoryNav
          catalog={catalog}
          counts={counts}
          to={(code) => paths.orders(lang, code, categorySearch)}
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
        options: kSorts.map((value) => ({ value, label: t(`list.sort.${value}`) })),
        onChange: (sort) => apply({ ...filters, sort }),
      }}
      filtersOpen={hasAdvancedFilters(filters)}
      filters={
        <OrderFiltersPanel
          key={searchParams.toString()}
          filters={filters}
          catalog={catalog}
          categoryId={current?.id ?? null}
          onChange={apply}
        />
      }
      resultsTestId="order-results"
    >
      <KeysetPages key={`${category ?? ''}?${searchParams.toString()}`} remember>
        {(page) => (
          <ResultPage
            args={listArgs}
            catalog={catalog}
            onReset={() => apply({ ...kEmptyFilters })}
            {...page}
          />
        )}
      </KeysetPages>
    </ListPageLayout>
  );
}
