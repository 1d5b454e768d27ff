import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import { KeysetPages } from '@/components/keyset-pages';
import { QueryFallback, QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import {
  useListMyResponsesQuery,
  useListResumeResponsesQuery,
  useListVacancyResponsesQuery,
} from '@/features/hiring/api/hiring-api';
import { ResponseItem, type ResponseContactProps } from '@/features/hiring/components/response-item';
import { countOf, kStatuses, statusOf } from '@/features/hiring/model/response-status';
import type { ResponseCounts, ResponseStatus } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';

export type ResponseSource =
  { kind: 'vacancy'; id: number } | { kind: 'resume'; id: number } | { kind: 'my' };

const kPageSize = 20;

// One list query of the three (the vacancy's for its owner, one resume's, all of the applicant's).
function useResponses(
  source: ResponseSource,
  status: ResponseStatus | undefined,
  cursor: string | undefined,
) {
  const page = { status, cursor, limit: kPageSize };
  const vacancy = useListVacancyResponsesQuery(
    { id: source.kind === 'vacancy' ? source.id : 0, ...page },
    { skip: source.kind !== 'vacancy' },
  );
  const resume = useListResumeResponsesQuery(
    { id: source.kind === 'resume' ? source.id : 0, ...page },
    { skip: source.kind !== 'resume' },
  );
  const my = useListMyResponsesQuery(page, { skip: source.kind !== 'my' });
  return source.kind === 'vacancy' ? vacancy : source.kind === 'resume' ? resume : my;
}

interface PageProps {
  source: ResponseSource;
  status: ResponseStatus | undefined;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
  catalog: CatalogIndex;
  Contact?: ComponentType<ResponseContactProps>;
}

function ResponsesPage({ source, status, cursor, last, onMore, catalog, Contact }: PageProps) {
  const { t } = useTranslation('hiring');
  const result = useResponses(source, status, cursor);
  const side = source.kind === 'vacancy' ? 'employer' : 'applicant';
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={
        <p className="empty-state">
          {t(side === 'employer' ? 'responses.empty_employer' : 'responses.empty')}
        </p>
      }
    >
      {(data) => (
        <>
          {data.items.map((response) => (
            <ResponseItem
              key={response.id}
              response={response}
              side={side}
              catalog={catalog}
              Contact={Contact}
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

function Tabs({
  counts,
  status,
}: {
  counts: ResponseCounts | undefined;
  status: ResponseStatus | undefined;
}) {
  const { t } = useTranslation(['hiring', 'jobs']);
  const [, setSearch] = useSearchParams();
  const tabs: { value: ResponseStatus | undefined; label: string }[] = [
    { value: undefined, label: t('responses.all') },
    ...kStatuses.map((value) => ({ value, label: t(`jobs:response_status.${value}`) })),
  ];
  return (
    <div className="response-tabs" role="tablist" aria-label={t('responses.tabs')}>
      {tabs.map((tab) => {
        const count = countOf(counts, tab.value);
        return (
          <button
            key={tab.value ?? 'all'}
            type="button"
            role="tab"
            aria-selected={tab.value === status}
            className={tab.value === status ? 'response-tab active' : 'response-tab'}
            data-testid={`tab-${tab.value ?? 'all'}`}
            onClick={() => setSearch(tab.value === undefined ? {} : { status: tab.value }, { replace: true })}
          >
            {tab.label}
            <span className="count" data-testid="tab-count">
              {count ?? ''}
            </span>
          </button>
        );
      })}
    </div>
  );
}

// The tabs by status with their counters (from the first page's answer: every state's count) and the
// responses of the chosen tab, page by page.
export function ResponsesBoard({
  source,
  Contact,
}: {
  source: ResponseSource;
  Contact?: ComponentType<ResponseContactProps>;
}) {
  const [search] = useSearchParams();
  const status = statusOf(search.get('status'));
  const catalogQuery = useCatalogQuery();
  // The counters: the first page of the whole list (cached; the counts cover every state).
  const all = useResponses(source, undefined, undefined);
  const catalog = catalogQuery.data ?? null;
  if (catalog === null) return <QueryFallback results={[catalogQuery]} />;
  return (
    <div className="responses-board">
      <Tabs counts={all.data?.counts} status={status} />
      <div className="response-list" data-testid="response-list">
        <KeysetPages key={status ?? 'all'}>
          {(page) => (
            <ResponsesPage source={source} status={status} catalog={catalog} Contact={Contact} {...page} />
          )}
        </KeysetPages>
      </div>
    </div>
  );
}
