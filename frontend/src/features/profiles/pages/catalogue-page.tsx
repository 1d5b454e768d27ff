import '@/styles/marketplace.css';
import '@/styles/catalogue.css';

import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { EmptyResults } from '@/components/empty-results';
import { CategoryNav, categoryCount } from '@/components/category-nav';
import { KeysetPages } from '@/components/keyset-pages';
import { CorrectedNote, ListPageLayout } from '@/components/list-page-layout';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback, QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useCountFreelancersQuery, useListFreelancersQuery } from '@/features/profiles/api/catalogue-api';
import { CatalogueCard } from '@/features/profiles/components/catalogue-card';
import { CatalogueFiltersPanel } from '@/features/profiles/components/catalogue-filters-panel';
import type { WriteMessageSlot } from '@/features/profiles/components/contact-actions';
import {
  catalogueFiltersToSearch,
  hasAdvancedCatalogueFilters,
  kCatalogueSorts,
  kEmptyCatalogueFilters,
  parseCatalogueFilters,
  toCatalogueArgs,
  toCountArgs,
  type CatalogueFilters,
  type CatalogueListArgs,
} from '@/features/profiles/model/catalogue-filters';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

const kPageSize = 20;

interface ResultPageProps {
  args: CatalogueListArgs;
  cursor: string | undefined;
  last: boolean;
  catalog: CatalogIndex;
  Contact?: WriteMessageSlot;
  onMore: (cursor: string) => void;
  onReset: () => void;
}

// One keyset page; the first carries the typo fallback's note, the last one shown the "show more" button.
function ResultPage({ args, cursor, last, catalog, Contact, onMore, onReset }: ResultPageProps) {
  const { t } = useTranslation('profiles');
  const result = useListFreelancersQuery({ ...args, cursor, limit: kPageSize });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<EmptyResults text={t('catalogue.empty')} onReset={onReset} testId="catalogue-empty" />}
    >
      {(data) => (
        <>
          {cursor === undefined && data.corrected !== null && (
            <CorrectedNote
              corrected={data.corrected}
              message={(query) => t('catalogue.corrected', { query })}
            />
          )}
          {data.items.map((card) => (
            <CatalogueCard key={card.user.id} card={card} catalog={catalog} Contact={Contact} />
          ))}
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

export interface CataloguePageProps {
  // "Write a message" on each card (the messenger's, through the app's slots).
  Contact?: WriteMessageSlot;
}

// freelancers and freelancers/{category}: the performers with the category sidebar and its counts, search (with
// the typo fallback's note), filters and sort, all in the URL like the orders list (shareable; the back button
// walks through filter changes), page by page.
export default function CataloguePage({ Contact }: CataloguePageProps) {
  const { t } = useTranslation(['profiles', 'orders']);
  const lang = useLanguage();
  const { category } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseCatalogueFilters(searchParams);
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data ?? null;
  const current = category === undefined ? undefined : catalog?.categoryByCode(category);
  const args = catalog === null ? null : toCatalogueArgs(filters, category, catalog);
  const { data: counts } = useCountFreelancersQuery(args === null ? {} : toCountArgs(args), {
    skip: args === null,
  });
  useDocumentTitle(
    current === undefined || catalog === null
      ? t('profiles:catalogue.title')
      : `${catalog.name(current.names)} — ${t('profiles:catalogue.title')}`,
  );

  if (catalog === null || args === null) return <QueryFallback results={[catalogQuery]} page />;
  if (category !== undefined && current === undefined) return <NotFoundPage />;

  const apply = (next: CatalogueFilters) => setSearchParams(catalogueFiltersToSearch(next));
  // Moving to another category keeps the filters but not the specialization (it belongs to a category).
  const categorySearch = catalogueFiltersToSearch({ ...filters, specialization: null }).toString();
  const found = categoryCount(counts, current?.id);

  return (
    <ListPageLayout
      className="catalogue-page"
      title={
        current === undefined
          ? t('profiles:catalogue.title')
          : `${t('profiles:catalogue.title')}: ${catalog.name(current.names)}`
      }
      action={
        <Link to={paths.freelancerLanding(lang)} className="p-button p-button-outlined">
          {t('profiles:catalogue.join')}
        </Link>
      }
      nav={
        <CategoryNav
          catalog={catalog}
          counts={counts}
          to={(code) => paths.freelancers(lang, code, categorySearch)}
        />
      }
      search={{
        q: filters.q,
        label: t('profiles:catalogue.search_label'),
        placeholder: t('profiles:catalogue.search_placeholder'),
        onSearch: (q) => apply({ ...filters, q }),
      }}
      found={found === undefined ? '' : t('profiles:catalogue.found', { count: found })}
      sort={{
        label: t('profiles:catalogue.sort_label'),
        value: filters.sort,
        options: kCatalogueSorts.map((value) => ({ value, label: t(`profiles:catalogue.sort.${value}`) })),
        onChange: (sort) => apply({ ...filters, sort }),
      }}
      filtersOpen={hasAdvancedCatalogueFilters(filters)}
      filters={
        <CatalogueFiltersPanel
          key={searchParams.toString()}
          filters={filters}
          catalog={catalog}
          categoryId={current?.id ?? null}
          onChange={apply}
        />
      }
      resultsTestId="freelancer-results"
    >
      <KeysetPages key={`${category ?? ''}?${searchParams.toString()}`} remember>
        {(page) => (
          <ResultPage
            args={args}
            catalog={catalog}
            Contact={Contact}
            onReset={() => apply({ ...kEmptyCatalogueFilters })}
            {...page}
          />
        )}
      </KeysetPages>
    </ListPageLayout>
  );
}
