import { baseApi as api } from '@/lib/api/base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<RegisterApiResponse, RegisterApiArg>({
      query: (queryArg) => ({ url: `/api/user/register`, method: 'POST', body: queryArg.registerRequest }),
    }),
    login: build.mutation<LoginApiResponse, LoginApiArg>({
      query: (queryArg) => ({ url: `/api/user/login`, method: 'POST', body: queryArg.loginRequest }),
    }),
    logoutGet: build.query<LogoutGetApiResponse, LogoutGetApiArg>({
      query: () => ({ url: `/api/user/logout` }),
    }),
    logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
      query: () => ({ url: `/api/user/logout`, method: 'POST' }),
    }),
    userInfo: build.query<UserInfoApiResponse, UserInfoApiArg>({
      query: () => ({ url: `/api/user/info` }),
    }),
    allowedLanguages: build.query<AllowedLanguagesApiResponse, AllowedLanguagesApiArg>({
      query: () => ({ url: `/api/user/allowed-languages` }),
    }),
    setLanguage: build.mutation<SetLanguageApiResponse, SetLanguageApiArg>({
      query: (queryArg) => ({ url: `/api/user/set-lang`, method: 'POST', body: queryArg.body }),
    }),
    verifyEmail: build.mutation<VerifyEmailApiResponse, VerifyEmailApiArg>({
      query: (queryArg) => ({ url: `/api/user/email/verify`, method: 'POST', body: queryArg.body }),
    }),
    resendVerification: build.mutation<ResendVerificationApiResponse, ResendVerificationApiArg>({
      query: (queryArg) => ({ url: `/api/user/email/resend`, method: 'POST', body: queryArg.emptyObject }),
    }),
    changeEmail: build.mutation<ChangeEmailApiResponse, ChangeEmailApiArg>({
      query: (queryArg) => ({ url: `/api/user/email/change`, method: 'POST', body: queryArg.body }),
    }),
    forgotPassword: build.mutation<ForgotPasswordApiResponse, ForgotPasswordApiArg>({
      query: (queryArg) => ({ url: `/api/user/password/forgot`, method: 'POST', body: queryArg.body }),
    }),
    resetPassword: build.mutation<ResetPasswordApiResponse, ResetPasswordApiArg>({
      query: (queryArg) => ({ url: `/api/user/password/reset`, method: 'POST', body: queryArg.body }),
    }),
    changePassword: build.mutation<ChangePasswordApiResponse, ChangePasswordApiArg>({
      query: (queryArg) => ({ url: `/api/user/password/change`, method: 'POST', body: queryArg.body }),
    }),
    getProfile: build.query<GetProfileApiResponse, GetProfileApiArg>({
      query: () => ({ url: `/api/user/profile` }),
    }),
    updateProfile: build.mutation<UpdateProfileApiResponse, UpdateProfileApiArg>({
      query: (queryArg) => ({ url: `/api/user/profile`, method: 'PATCH', body: queryArg.body }),
    }),
    uploadAvatar: build.mutation<UploadAvatarApiResponse, UploadAvatarApiArg>({
      query: (queryArg) => ({ url: `/api/user/avatar`, method: 'PUT', body: queryArg.body }),
    }),
    deleteAvatar: build.mutation<DeleteAvatarApiResponse, DeleteAvatarApiArg>({
      query: () => ({ url: `/api/user/avatar`, method: 'DELETE' }),
    }),
    listSessions: build.query<ListSessionsApiResponse, ListSessionsApiArg>({
      query: () => ({ url: `/api/user/sessions` }),
    }),
    revokeSession: build.mutation<RevokeSessionApiResponse, RevokeSessionApiArg>({
      query: (queryArg) => ({ url: `/api/user/sessions/${queryArg.id}`, method: 'DELETE' }),
    }),
    revokeOtherSessions: build.mutation<RevokeOtherSessionsApiResponse, RevokeOtherSessionsApiArg>({
      query: (queryArg) => ({
        url: `/api/user/sessions/revoke-others`,
        method: 'POST',
        body: queryArg.emptyObject,
      }),
    }),
    impersonate: build.mutation<ImpersonateApiResponse, ImpersonateApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/users/${queryArg.id}/impersonate`,
        method: 'POST',
        body: queryArg.emptyObject,
      }),
    }),
    stopImpersonating: build.mutation<StopImpersonatingApiResponse, StopImpersonatingApiArg>({
      query: (queryArg) => ({
        url: `/api/user/logout-impersonate`,
        method: 'POST',
        body: queryArg.emptyObject,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as identityGeneratedApi };
export type RegisterApiResponse = /** status 202 Verification mail queued. */ {
  status: 'verification_sent';
};
export type RegisterApiArg = {
  registerRequest: RegisterRequest;
};
export type LoginApiResponse = /** status 200 Signed in. */ UserInfo | ApiLoginResponse;
export type LoginApiArg = {
  loginRequest: LoginRequest;
};
export type LogoutGetApiResponse =
  /** status 200 Signed out; the session cookie is deleted and a guest XSRF-TOKEN cookie issued. */ EmptyObject;
export type LogoutGetApiArg = void;
export type LogoutApiResponse =
  /** status 200 Signed out; the session cookie is deleted and a guest XSRF-TOKEN cookie issued. */ EmptyObject;
export type LogoutApiArg = void;
export type UserInfoApiResponse = /** status 200 The user, or the guest placeholder. */ UserInfo | GuestInfo;
export type UserInfoApiArg = void;
export type AllowedLanguagesApiResponse = /** status 200 For example {"en":"English","ru":"Русский"}. */ {
  [key: string]: string;
};
export type AllowedLanguagesApiArg = void;
export type SetLanguageApiResponse = /** status 200 Done; nothing to report. */ EmptyObject;
export type SetLanguageApiArg = {
  body: {
    lang: string;
  };
};
export type VerifyEmailApiResponse =
  /** status 200 The address is verified (and is the account's address from now on). */ {
    email_verified: true;
    email: string;
  };
export type VerifyEmailApiArg = {
  body: {
    token: string;
  };
};
export type ResendVerificationApiResponse = /** status 202 Accepted; a mail may be on its way. */ EmptyObject;
export type ResendVerificationApiArg = {
  emptyObject: EmptyObject;
};
export type ChangeEmailApiResponse = /** status 202 Accepted; a mail may be on its way. */ EmptyObject;
export type ChangeEmailApiArg = {
  body: {
    email: string;
    password: string;
  };
};
export type ForgotPasswordApiResponse = /** status 202 Accepted; a mail may be on its way. */ EmptyObject;
export type ForgotPasswordApiArg = {
  body: {
    email: string;
  };
};
export type ResetPasswordApiResponse = /** status 200 Done; nothing to report. */ EmptyObject;
export type ResetPasswordApiArg = {
  body: {
    token: string;
    password: NewPassword;
  };
};
export type ChangePasswordApiResponse = /** status 200 Done; nothing to report. */ EmptyObject;
export type ChangePasswordApiArg = {
  body: {
    current_password: string;
    password: NewPassword;
  };
};
export type GetProfileApiResponse = /** status 200 The profile. */ Profile;
export type GetProfileApiArg = void;
export type UpdateProfileApiResponse = /** status 200 The updated profile. */ Profile;
export type UpdateProfileApiArg = {
  body: {
    name?: string;
    lastname?: string;
  };
};
export type UploadAvatarApiResponse = /** status 200 The stored avatar's URL. */ {
  avatar: string;
};
export type UploadAvatarApiArg = {
  body: string;
};
export type DeleteAvatarApiResponse = /** status 200 No avatar any more. */ {
  avatar: null;
};
export type DeleteAvatarApiArg = void;
export type ListSessionsApiResponse = /** status 200 Sessions, the current one marked. */ {
  sessions: Session[];
};
export type ListSessionsApiArg = void;
export type RevokeSessionApiResponse = /** status 200 Done; nothing to report. */ EmptyObject;
export type RevokeSessionApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type RevokeOtherSessionsApiResponse = /** status 200 How many sessions were ended. */ {
  revoked: number;
};
export type RevokeOtherSessionsApiArg = {
  emptyObject: EmptyObject;
};
export type ImpersonateApiResponse = /** status 200 Now acting as the user. */ ImpersonationSwitch;
export type ImpersonateApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  emptyObject: EmptyObject;
};
export type StopImpersonatingApiResponse = /** status 200 Back as the administrator. */ ImpersonationSwitch;
export type StopImpersonatingApiArg = {
  emptyObject: EmptyObject;
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
export type NewPassword = string;
export type Language = string;
export type RegisterRequest = {
  name: string;
  lastname?: string;
  email: string;
  password: NewPassword;
  lang?: Language;
};
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
export type ApiLoginResponse = {
  /** Send as `Authorization: Bearer <api_token>`. */
  api_token: string;
  user: UserInfo;
};
export type LoginRequest = {
  email: string;
  password: string;
  /** A persistent cookie instead of a browser-session one. */
  remember?: boolean;
  /** `api`: answer with a bearer token instead of setting cookies. */
  client?: 'api';
};
export type EmptyObject = object;
export type GuestInfo = {
  unread_msg: object[];
  impersonated: boolean;
};
export type Profile = {
  id: number;
  name: string;
  lastname: string | null;
  email: string;
  /** Awaiting confirmation. */
  pending_email: string | null;
  email_verified: boolean;
  avatar: string | null;
  lang: Language;
  created_at: string;
};
export type Session = {
  id: number;
  created_at: string;
  last_seen_at: string;
  user_agent: string | null;
  ip: string | null;
  current: boolean;
};
export type ImpersonationSwitch = {
  api_token: string;
  user_id: number;
};
