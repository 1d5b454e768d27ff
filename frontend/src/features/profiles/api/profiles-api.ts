import { profilesGeneratedApi } from '@/features/profiles/api/profiles.generated';

export const profilesApi = profilesGeneratedApi.enhanceEndpoints({
  endpoints: {
    getPublicUser: { providesTags: (_result, _error, arg) => [{ type: 'PublicUser', id: arg.id }] },
    // The session reloads user/info (tag User) and so learns the intent.
    completeWelcome: { invalidatesTags: ['User'] },
  },
});

export const { useGetPublicUserQuery, useCompleteWelcomeMutation } = profilesApi;
