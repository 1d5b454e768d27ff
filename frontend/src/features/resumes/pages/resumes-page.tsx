import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { CategoryNav, categoryCount } from '@/components/category-nav';
import { KeysetPages } from '@/components/keyset-pages';
import { ListSearchForm } from '@/components/list-search-form';
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
}

// One keyset page; the first carries the typo fallback's note, the last the "show more" button.
function ResultPage({ args, cursor, last, catalog, onMore }: ResultPageProps) {
  const { t } = useTranslation('applicants');
  const result = useListResumesQuery({ ...args, cursor, limit: kPageSize });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<p className="empty-state">{t('list.empty')}</p>}
    >
      {(data) => (
        <>
          {cursor === undefined && data.corrected !== null && (
            <p className="corrected-note" data-testid="search-corrected">
              {t('list.corrected', { words: data.corrected })}
            </p>
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
  const { t } = useTranslation('applicants');
  const lang = useLanguage();
  const { category } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseResumeFilters(searchParams);
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data ?? null;
  const [advanced, setAdvanced] = useState(hasAdvancedResumeFilters(filters));
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
    <section className="page orders-page resumes-page">
      <div className="card-header-row">
        <h1>{current === undefined ? t('list.title') : catalog.name(current.names)}</h1>
        <Link to={applicantPaths.resumeCreate(lang)} className="p-button">
          {t('list.create')}
        </Link>
      </div>
      <div className="orders-layout">
        <CategoryNav
          catalog={catalog}
          counts={counts}
          to={(code) => applicantPaths.resumes(lang, code, categorySearch)}
        />
        <div className="orders-main">
          <ListSearchForm
            key={filters.q}
            initial={filters.q}
            label={t('list.search_label')}
            placeholder={t('list.search_placeholder')}
            onSearch={(q) => apply({ ...filters, q })}
          />
          <div className="list-toolbar">
            <p className="result-count" data-testid="result-count" aria-live="polite">
              {found === undefined ? '' : t('list.found', { count: found })}
            </p>
            <div className="list-toolbar-actions">
              <Button
                type="button"
                text
                icon={advanced ? 'pi pi-chevron-up' : 'pi pi-sliders-h'}
                label={t('list.filters_toggle')}
                aria-expanded={advanced}
                onClick={() => setAdvanced((open) => !open)}
              />
              <Dropdown
                aria-label={t('list.sort_label')}
                value={filters.sort}
                options={sorts.map((value) => ({ value, label: t(`list.sort.${value}`) }))}
                onChange={(event) => apply({ ...filters, sort: event.value as ResumeFilters['sort'] })}
              />
            </div>
          </div>
          {advanced && (
            <ResumeFiltersPanel
              key={searchParams.toString()}
              filters={filters}
              catalog={catalog}
              categoryId={current?.id ?? null}
              onChange={apply}
            />
          )}
          <div className="order-results" data-testid="resume-results">
            <KeysetPages key={`${category ?? ''}?${searchParams.toString()}`} remember>
              {(page) => <ResultPage args={listArgs} catalog={catalog} {...page} />}
            </KeysetPages>
          </div>
        </div>
      </div>
    </section>
  );
}
