import { baseApi } from '@/lib/api/base-api';

// Shapes of CONTRACT.md (identity). Replaced by identity.generated.ts once docs/api/openapi.yaml exists.
export interface UnreadMessage {
  chat_id: number;
}

export interface UserInfo {
  id?: number;
  name?: string;
  lastname?: string;
  avatar?: string | null;
  role?: number;
  lang?: string;
  email?: string;
  email_verified?: boolean;
  impersonated: boolean;
  unread_msg: UnreadMessage[];
}

export interface Profile {
  id: number;
  name: string;
  lastname: string;
  email: string;
  pending_email: string | null;
  email_verified: boolean;
  avatar: string | null;
  lang: string;
  created_at: string;
}

export interface UserSession {
  id: number;
  created_at: string;
  last_seen_at: string;
  user_agent: string;
  ip: string;
  current: boolean;
}

export interface LoginRequest {
  email: string;
  password: string;
  remember?: boolean;
}

export interface RegisterRequest {
  name: string;
  lastname?: string;
  email: string;
  password: string;
  lang?: string;
}

export interface ImpersonationExit {
  api_token: string;
  user_id: number;
}

export const identityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({ query: () => 'user/info', providesTags: ['User'] }),
    login: build.mutation<UserInfo, LoginRequest>({
      query: (body) => ({ url: 'user/login', method: 'POST', body }),
      invalidatesTags: ['User', 'Profile', 'Session'],
    }),
    register: build.mutation<{ status: string }, RegisterRequest>({
      query: (body) => ({ url: 'user/register', method: 'POST', body }),
    }),
    logout: build.mutation<Record<string, never>, void>({
      query: () => ({ url: 'user/logout', method: 'POST', body: {} }),
      invalidatesTags: ['User', 'Profile', 'Session'],
    }),
    setLang: build.mutation<Record<string, never>, { lang: string }>({
      query: (body) => ({ url: 'user/set-lang', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<{ email_verified: boolean; email: string }, { token: string }>({
      query: (body) => ({ url: 'user/email/verify', method: 'POST', body }),
      extraOptions: { quiet: true },
      invalidatesTags: ['User', 'Profile'],
    }),
    resendVerification: build.mutation<Record<string, never>, void>({
      query: () => ({ url: 'user/email/resend', method: 'POST', body: {} }),
    }),
    changeEmail: build.mutation<Record<string, never>, { email: string; password: string }>({
      query: (body) => ({ url: 'user/email/change', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    forgotPassword: build.mutation<Record<string, never>, { email: string }>({
      query: (body) => ({ url: 'user/password/forgot', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Record<string, never>, { token: string; password: string }>({
      query: (body) => ({ url: 'user/password/reset', method: 'POST', body }),
    }),
    changePassword: build.mutation<Record<string, never>, { current_password: string; password: string }>({
      query: (body) => ({ url: 'user/password/change', method: 'POST', body }),
      invalidatesTags: [{ type: 'Session', id: 'LIST' }],
    }),
    getProfile: build.query<Profile, void>({ query: () => 'user/profile', providesTags: ['Profile'] }),
    updateProfile: build.mutation<Profile, { name?: string; lastname?: string }>({
      query: (body) => ({ url: 'user/profile', method: 'PATCH', body }),
      invalidatesTags: ['Profile', 'User'],
    }),
    deleteAvatar: build.mutation<{ avatar: null }, void>({
      query: () => ({ url: 'user/avatar', method: 'DELETE' }),
      invalidatesTags: ['Profile', 'User'],
    }),
    getSessions: build.query<{ sessions: UserSession[] }, void>({
      query: () => 'user/sessions',
      providesTags: (result) => [
        { type: 'Session', id: 'LIST' },
        ...(result?.sessions ?? []).map((session) => ({ type: 'Session' as const, id: session.id })),
      ],
    }),
    deleteSession: build.mutation<Record<string, never>, number>({
      query: (id) => ({ url: `user/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Session', id },
        { type: 'Session', id: 'LIST' },
      ],
    }),
    revokeOtherSessions: build.mutation<{ revoked: number }, void>({
      query: () => ({ url: 'user/sessions/revoke-others', method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Session', id: 'LIST' }],
    }),
    logoutImpersonate: build.mutation<ImpersonationExit, void>({
      query: () => ({ url: 'user/logout-impersonate', method: 'POST', body: {} }),
      extraOptions: { quiet: true },
    }),
  }),
});

export const {
  useGetUserInfoQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useSetLangMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useChangeEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useDeleteAvatarMutation,
  useGetSessionsQuery,
  useDeleteSessionMutation,
  useRevokeOtherSessionsMutation,
  useLogoutImpersonateMutation,
} = identityApi;
