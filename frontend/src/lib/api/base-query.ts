import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';

import { isApiErrorBody } from '@/lib/api/api-error';
import { apiHeaders, isUnsafeMethod } from '@/lib/api/request-headers';
import { unauthenticatedResponse } from '@/lib/api/session-events';
import { currentLanguage, i18n } from '@/lib/i18n/i18n';
import { progressStore } from '@/lib/progress/progress-store';
import { showToast } from '@/lib/toast/toast-store';

export interface ApiExtraOptions {
  // The screen shows this error itself (e.g. a token form); no toast.
  quiet?: boolean;
}

const rawBaseQuery = fetchBaseQuery({
  // Generated endpoints carry the full /api/... path.
  baseUrl: window.location.origin,
  credentials: 'same-origin',
});

function withHeaders(args: string | FetchArgs): FetchArgs {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const own = apiHeaders(request.method, currentLanguage());
  const given = new Headers(request.headers as HeadersInit | undefined);
  for (const [name, value] of Object.entries(own)) if (!given.has(name)) given.set(name, value);
  return { ...request, headers: given };
}

// The SPEC's client error texts (§8), localized.
export function clientErrorText(error: FetchBaseQueryError): string | null {
  if (error.status === 'TIMEOUT_ERROR') return i18n.t('common:client_errors.timeout', { n: 0 });
  if (error.status === 'FETCH_ERROR') {
    return /abort/i.test(error.error)
      ? i18n.t('common:client_errors.aborted')
      : i18n.t('common:client_errors.network');
  }
  return null;
}

function toastFor(error: FetchBaseQueryError, method: string): void {
  const client = clientErrorText(error);
  if (client !== null) {
    showToast({ severity: 'error', summary: client });
    return;
  }
  if (typeof error.status !== 'number') return;
  // 422 field errors are shown beside their fields; 401 switches the session state.
  if (error.status === 401 || error.status === 422) return;
  // A read that finds nothing is the page's to say (a not-found page, an empty block), not a toast's.
  if (error.status === 404 && method === 'GET') return;
  const fallback = error.status === 503 ? 'errors:codes.ServiceUnavailable' : 'errors:codes.Internal';
  const summary = isApiErrorBody(error.data) ? error.data.message : i18n.t(fallback);
  showToast({ severity: 'error', summary });
}

export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const load = progressStore.start();
  try {
    let result = await rawBaseQuery(withHeaders(args), api, {});
    const method = (typeof args === 'string' ? undefined : args.method)?.toUpperCase() ?? 'GET';
    // A stale XSRF cookie: the 419 answer set a fresh one, so one retry reads it.
    if (
      result.error?.status === 419 &&
      isUnsafeMethod(method) &&
      isApiErrorBody(result.error.data) &&
      result.error.data.code === 'XsrfTokenMismatch'
    ) {
      result = await rawBaseQuery(withHeaders(args), api, {});
    }
    const error = result.error;
    if (error !== undefined) {
      if (error.status === 401 && isApiErrorBody(error.data) && error.data.code === 'Unauthenticated') {
        api.dispatch(unauthenticatedResponse());
      }
      if (extraOptions?.quiet !== true) toastFor(error, method);
    }
    return result;
  } finally {
    load.finish();
  }
};
