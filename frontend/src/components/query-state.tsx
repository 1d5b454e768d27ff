import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageLoader } from '@/components/page-loader';
import { isApiErrorBody } from '@/lib/api/api-error';

// What every data-loading screen needs from an RTK Query hook's result (a query hook's result fits as it is).
export interface QueryResult<T> {
  data?: T;
  error?: FetchBaseQueryError | SerializedError;
  isFetching: boolean;
  refetch: () => unknown;
}

// The error block: what failed, in the interface language, and a retry.
export function QueryError({
  error,
  retrying,
  onRetry,
}: {
  error: FetchBaseQueryError | SerializedError | undefined;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const status = error !== undefined && 'status' in error ? error.status : undefined;
  const data = error !== undefined && 'data' in error ? error.data : undefined;
  const reason = isApiErrorBody(data)
    ? data.message
    : status === 503
      ? t('errors:codes.ServiceUnavailable')
      : status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR'
        ? t('common:client_errors.network')
        : t('errors:codes.Internal');
  return (
    <div className="query-error" role="alert" data-testid="query-error">
      <span className="pi pi-exclamation-circle" aria-hidden="true" />
      <div>
        <p className="query-error-title">{t('common:query_error.title')}</p>
        <p className="muted">{reason}</p>
      </div>
      <Button
        type="button"
        outlined
        size="small"
        icon="pi pi-refresh"
        label={t('common:query_error.retry')}
        loading={retrying}
        onClick={onRetry}
        data-testid="query-retry"
      />
    </div>
  );
}

// Loading or failed, before there is anything to show: a spinner, or the error block with a retry of every
// query given (a page that needs two — the catalog and its list — retries both).
export function QueryFallback({
  results,
  loader,
  page = false,
}: {
  results: readonly QueryResult<unknown>[];
  loader?: ReactNode;
  // In place of a whole page: the block sits in the page's width.
  page?: boolean;
}) {
  const failed = results.find((result) => result.data === undefined && result.error !== undefined);
  const fetching = results.some((result) => result.isFetching);
  if (failed === undefined || (fetching && failed.isFetching)) return <>{loader ?? <PageLoader />}</>;
  const block = (
    <QueryError
      error={failed.error}
      retrying={fetching}
      onRetry={() => {
        for (const result of results) if (result.error !== undefined) result.refetch();
      }}
    />
  );
  return page ? <section className="page">{block}</section> : block;
}

export interface QueryStateProps<T> {
  result: QueryResult<T>;
  // Other queries the content needs (retried together).
  also?: readonly QueryResult<unknown>[];
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loader?: ReactNode;
  children: (data: T) => ReactNode;
}

// One query's states as every page and panel shows them: loading, error with a retry, empty, or the content.
// Data already shown stays while a refetch fails (the toast says so).
export function QueryState<T>({ result, also = [], isEmpty, empty, loader, children }: QueryStateProps<T>) {
  const { data } = result;
  if (data === undefined || also.some((other) => other.data === undefined)) {
    return <QueryFallback results={[result, ...also]} loader={loader} />;
  }
  if (isEmpty?.(data) === true) return <>{empty ?? null}</>;
  return <>{children(data)}</>;
}
