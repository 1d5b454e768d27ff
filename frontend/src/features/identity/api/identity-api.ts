import {
  authGeneratedApi,
  type LoginApiResponse,
  type ResendVerificationApiResponse,
} from '@/features/identity/api/auth.generated';
import { userGeneratedApi } from '@/features/identity/api/user.generated';
import type { ApiLoginResponse, GuestInfo, UserInfo } from '@/lib/api/schema.generated';

export type { GuestInfo, Profile, Session as UserSession, UserInfo } from '@/lib/api/schema.generated';

// The generated endpoints of the identity tags (auth, user) with their cache tags and error handling.
export const authApi = authGeneratedApi.enhanceEndpoints({
  endpoints: {
    login: { invalidatesTags: ['User', 'Profile', 'Session'] },
    logout: { invalidatesTags: ['User', 'Profile', 'Session'] },
    // The verification screen shows the failure itself.
    verifyEmail: { invalidatesTags: ['User', 'Profile'], extraOptions: { quiet: true } },
    // The impersonation exit flow shows its own toasts (SPEC §8).
    stopImpersonating: { extraOptions: { quiet: true } },
  },
});

// The "check your e-mail" screen after registering: a guest names the address (POST /api/user/email/resend,
// the generated operation's request) and the screen shows a refusal (429) beside its button, so no toast.
export const guestResendApi = authApi.injectEndpoints({
  endpoints: (build) => ({
    resendVerificationToAddress: build.mutation<ResendVerificationApiResponse, { email: string }>({
      query: ({ email }) => ({ url: '/api/user/email/resend', method: 'POST', body: { email } }),
      extraOptions: { quiet: true },
    }),
  }),
});
export const { useResendVerificationToAddressMutation } = guestResendApi;

export const userApi = userGeneratedApi.enhanceEndpoints({
  endpoints: {
    userInfo: { providesTags: ['User'] },
    changeEmail: { invalidatesTags: ['Profile'] },
    changePassword: { invalidatesTags: [{ type: 'Session', id: 'LIST' }] },
    getProfile: { providesTags: ['Profile'] },
    updateProfile: { invalidatesTags: ['Profile', 'User'] },
    deleteAvatar: { invalidatesTags: ['Profile', 'User'] },
    listSessions: {
      providesTags: (result) => [
        { type: 'Session', id: 'LIST' },
        ...(result?.sessions ?? []).map((session) => ({ type: 'Session' as const, id: session.id })),
      ],
    },
    revokeSession: {
      invalidatesTags: (_result, _error, arg) => [
        { type: 'Session', id: arg.id },
        { type: 'Session', id: 'LIST' },
      ],
    },
    revokeOtherSessions: { invalidatesTags: [{ type: 'Session', id: 'LIST' }] },
  },
});

// POST /api/user/email/resend for the verification reminder, which shows the outcome (the rate limit too) in its
// own line instead of a toast; the settings page keeps the generated one.
const reminderApi = authApi.injectEndpoints({
  endpoints: (build) => ({
    resendVerificationQuietly: build.mutation<ResendVerificationApiResponse, void>({
      query: () => ({ url: '/api/user/email/resend', method: 'POST', body: {} }),
      extraOptions: { quiet: true },
    }),
  }),
});

export const { useResendVerificationQuietlyMutation } = reminderApi;

// All identity endpoints in one place, for the session slice's matchers.
export const identityApi = {
  endpoints: { ...authApi.endpoints, ...userApi.endpoints },
};

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
export const {
  useUserInfoQuery,
  useAllowedLanguagesQuery,
  useSetLanguageMutation,
  useChangeEmailMutation,
  useChangePasswordMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useDeleteAvatarMutation,
  useListSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
} = userApi;
export const { useImpersonateMutation, useStopImpersonatingMutation } = authApi;

export function isSignedInInfo(info: UserInfo | GuestInfo): info is UserInfo {
  return 'id' in info && typeof info.id === 'number';
}

// Browsers get the user info; API clients (client: "api") get {api_token, user}.
export function userOfLogin(response: LoginApiResponse): UserInfo {
  return 'user' in response ? (response as ApiLoginResponse).user : response;
}
