import {
  identityGeneratedApi,
  type ApiLoginResponse,
  type GuestInfo,
  type LoginApiResponse,
  type UserInfo,
} from '@/features/identity/api/identity.generated';

export type {
  GuestInfo,
  Profile,
  Session as UserSession,
  UserInfo,
} from '@/features/identity/api/identity.generated';

// The generated endpoints (docs/api/openapi.yaml) with their cache tags and error handling.
export const identityApi = identityGeneratedApi.enhanceEndpoints({
  addTagTypes: ['User', 'Profile', 'Session'],
  endpoints: {
    userInfo: { providesTags: ['User'] },
    login: { invalidatesTags: ['User', 'Profile', 'Session'] },
    logout: { invalidatesTags: ['User', 'Profile', 'Session'] },
    // The verification screen shows the failure itself.
    verifyEmail: { invalidatesTags: ['User', 'Profile'], extraOptions: { quiet: true } },
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
    // The impersonation exit flow shows its own toasts (SPEC §8).
    stopImpersonating: { extraOptions: { quiet: true } },
  },
});

export const {
  useUserInfoQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useSetLanguageMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useChangeEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useDeleteAvatarMutation,
  useListSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
  useStopImpersonatingMutation,
} = identityApi;

export function isSignedInInfo(info: UserInfo | GuestInfo): info is UserInfo {
  return 'id' in info && typeof info.id === 'number';
}

// Browsers get the user info; API clients (client: "api") get {api_token, user}.
export function userOfLogin(response: LoginApiResponse): UserInfo {
  return 'user' in response ? (response as ApiLoginResponse).user : response;
}
