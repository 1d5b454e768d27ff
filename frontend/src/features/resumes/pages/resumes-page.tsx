import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { EmptyResults } from '@/components/empty-results';
import { CategoryNav, categoryCount } from '@/components/category-nav';
import { KeysetPages } from '@/components/keyset-pages';
import { CorrectedNote, ListPageLayout } from '@/components/list-page-layout';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback, QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useCountResumesQuery, useListResumesQuery } from '@/features/resumes/api/resumes-api';
import { ResumeCard } from '@/features/resumes/components/resume-card';
import { ResumeFiltersPanel } from '@/features/resumes/components/resume-filters-panel';
import {
  hasAdvancedResumeFilters,
  kResumeSorts,
  parseResumeFilters,
  kEmptyResumeFilters,
  resumeFiltersToSearch,
  toResumeListArgs,
  type ResumeFilters,
  type ResumeListArgs,
} from '@/features/resumes/model/resume-filters';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';

const kPageSize = 20;

interface ResultPageProps {
  args: ResumeListArgs;
  cursor: string | undefined;
  last: boolean;
  catalog: CatalogIndex;
  onMore: (cursor: string) => void;
  onReset: () => void;
}

// One keyset page; the first carries the typo fallback's note, the last the "show more" button.
function ResultPage({ args, cursor, last, catalog, onMore, onReset }: ResultPageProps) {
  const { t } = useTranslation('resumes');
  const result = useListResumesQuery({ ...args, cursor, limit: kPageSize });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<EmptyResults text={t('list.empty')} onReset={onReset} testId="resumes-empty" />}
    >
      {(data) => (
        <>
          {cursor === undefined && data.corrected !== null && (
            <CorrectedNote corrected={data.corrected} message={(words) => t('list.corrected', { words })} />
          )}
          {data.items.map((resume) => (
            <ResumeCard key={resume.id} resume={resume} catalog={catalog} />
          ))}
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// resumes and resumes/{category}: the published public resumes with the category sidebar and counts, search,
// filters and sort, all in the URL.
export default function ResumesPage() {
  const { t } = useTranslation('resumes');
  const lang = useLanguage();
  const { category } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseResumeFilters(searchParams);
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data ?? null;
  const listArgs = toResumeListArgs(filters, category, catalog?.minorUnits(filters.currency) ?? 2);
  // The counts take the list's filters but neither the category (they count every category) nor the sort.
  const countArgs = { ...listArgs };
  delete countArgs.category;
  delete countArgs.sort;
  const { data: counts } = useCountResumesQuery(countArgs, { skip: catalog === null });
  const current = category === undefined ? undefined : catalog?.categoryByCode(category);
  useDocumentTitle(current === undefined || catalog === null ? t('list.title') : catalog.name(current.names));

  if (catalog === null) return <QueryFallback results={[catalogQuery]} page />;
  if (category !== undefined && current === undefined) return <NotFoundPage />;

  const apply = (next: ResumeFilters) => setSearchParams(resumeFiltersToSearch(next));
  const categorySearch = resumeFiltersToSearch({ ...filters, specialization: null }).toString();
  const found = filters.specialization !== null ? undefined : categoryCount(counts, current?.id);
  const sorts = filters.q.trim() === '' ? kResumeSorts.filter((sort) => sort !== 'relevance') : kResumeSorts;

  return (
    <ListPageLayout
      className="resumes-page"
      title={current === undefined ? t('list.title') : catalog.name(current.names)}
      action={
        <Link to={applicantPaths.resumeCreate(lang)} className="p-button">
          {t('list.create')}
        </Link>
      }
      nav={
        <CategoryNav
          catalog={catalog}
          counts={counts}
          to={(code) => applicantPaths.resumes(lang, code, categorySearch)}
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
        options: sorts.map((value) => ({ value, label: t(`list.sort.${value}`) })),
        onChange: (sort) => apply({ ...filters, sort }),
      }}
      filtersOpen={hasAdvancedResumeFilters(filters)}
      filters={
        <ResumeFiltersPanel
          key={searchParams.toString()}
          filters={filters}
          catalog={catalog}
          categoryId={current?.id ?? null}
          onChange={apply}
        />
      }
      resultsTestId="resume-results"
    >
      <KeysetPages key={`${category ?? ''}?${searchParams.toString()}`} remember>
        {(page) => (
          <ResultPage
            args={listArgs}
            catalog={catalog}
            onReset={() => apply({ ...kEmptyResumeFilters })}
            {...page}
          />
        )}
      </KeysetPages>
    </ListPageLayout>
  );
}
