import { baseApi as api } from '@/lib/api/base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    completeWelcome: build.mutation<CompleteWelcomeApiResponse, CompleteWelcomeApiArg>({
      query: (queryArg) => ({ url: `/api/user/welcome`, method: 'POST', body: queryArg.body }),
    }),
    getPublicUser: build.query<GetPublicUserApiResponse, GetPublicUserApiArg>({
      query: (queryArg) => ({ url: `/api/users/${queryArg.id}` }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as usersGeneratedApi };
export type CompleteWelcomeApiResponse = /** status 200 The updated user. */ UserInfo;
export type CompleteWelcomeApiArg = {
  body: {
    intent: 'customer' | 'performer';
    /** A catalog country; used (and required) with intent `performer`. */
    job_country_id?: number | null;
  };
};
export type GetPublicUserApiResponse = /** status 200 The card. */ PublicUser;
export type GetPublicUserApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type Language = string;
export type UserInfo = {
  /** The welcome choice (find a specialist / find a job); null until made. */
  intent: ('customer' | 'performer' | null) | ('customer' | 'performer' | null);
  /** Where the user looks for work (welcome flow). */
  job_country_id: number | null;
  id: number;
  name: string;
  lastname: string | null;
  /** URL of the avatar. */
  avatar: string | null;
  /** 0 user; ≥ 1 administrator. */
  role: number;
  lang: Language;
  email: string;
  email_verified: boolean;
  /** True while an administrator acts as this user. */
  impersonated: boolean;
  /** Unread message notices (filled by the messenger). */
  unread_msg: object[];
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
export type RatingSummary = {
  count: number;
  /** Mean rating 1–5; null without reviews. */
  average: number | null;
};
export type PublicUser = {
  id: number;
  name: string;
  lastname: string;
  avatar: string | null;
  created_at: string;
  as_performer: RatingSummary;
  as_customer: RatingSummary;
};
