import { baseApi as api } from '@/lib/api/base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    storeUtmData: build.mutation<StoreUtmDataApiResponse, StoreUtmDataApiArg>({
      query: (queryArg) => ({ url: `/api/utm-data`, method: 'POST', body: queryArg.utmData }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as marketingGeneratedApi };
export type StoreUtmDataApiResponse = unknown;
export type StoreUtmDataApiArg = {
  utmData: UtmData;
};
export type ErrorResponse = {
  /** Stable machine word. */
  code:
    | 'BadRequest'
    | 'Unauthenticated'
    | 'Forbidden'
    | 'NotFound'
    | 'MethodNotAllowed'
    | 'Conflict'
    | 'PayloadTooLarge'
    | 'UnsupportedMediaType'
    | 'ValidationFailed'
    | 'XsrfTokenMismatch'
    | 'RateLimited'
    | 'Internal'
    | 'ServiceUnavailable';
  /** Human text in the request's language. */
  message: string;
  /** Per-field messages (ValidationFailed), in the request's language. */
  errors?: {
    [key: string]: string[];
  };
};
export type UtmData = {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  visited_url: string;
};
