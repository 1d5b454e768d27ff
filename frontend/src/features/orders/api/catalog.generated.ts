import { baseApi as api } from '@/lib/api/base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalog: build.query<GetCatalogApiResponse, GetCatalogApiArg>({
      query: () => ({ url: `/api/catalog` }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as catalogGeneratedApi };
export type GetCatalogApiResponse = /** status 200 The catalog. */ Catalog;
export type GetCatalogApiArg = void;
export type Names = {
  en: string;
  ru: string;
};
export type Catalog = {
  categories: {
    id: number;
    code: string;
    names: Names;
    specializations: {
      id: number;
      code: string;
      names: Names;
    }[];
  }[];
  skills: {
    id: number;
    code: string;
    names: Names;
  }[];
  countries: {
    id: number;
    code: string;
    names: Names;
    cities: {
      id: number;
      names: Names;
    }[];
  }[];
  currencies: {
    code: string;
    names: Names;
    symbol: string;
    minor_units: number;
  }[];
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
