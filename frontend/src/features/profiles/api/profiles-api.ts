import { profilesGeneratedApi } from '@/features/profiles/api/profiles.generated';

// A freelancer's profile is cached under the key it was asked by (an id or a slug) and under the user's id; every
// owner's change refreshes the profile (counts, completeness) and the part it changed.
const kProfile = [{ type: 'Freelancer' as const, id: 'LIST' }];

export const profilesApi = profilesGeneratedApi.enhanceEndpoints({
  endpoints: {
    getPublicUser: { providesTags: (_result, _error, arg) => [{ type: 'PublicUser', id: arg.id }] },
    // The session reloads user/info (tag User) and so learns the intent.
    completeWelcome: { invalidatesTags: ['User'] },
    postponeWelcome: { invalidatesTags: ['User'] },
    getFreelancer: { providesTags: kProfile },
    getMyFreelancerProfile: { providesTags: kProfile },
    getPortfolio: { providesTags: ['Portfolio'] },
    getPortfolioProject: { providesTags: ['Portfolio'] },
    listPrices: { providesTags: ['Prices'] },
    getCustomer: { providesTags: ['Customer'] },
    updateFreelancerProfile: { invalidatesTags: kProfile },
    setPortfolioAddress: { invalidatesTags: kProfile },
    updateCustomerProfile: { invalidatesTags: ['Customer'] },
    createPortfolioGroup: { invalidatesTags: [...kProfile, 'Portfolio'] },
    updatePortfolioGroup: { invalidatesTags: ['Portfolio'] },
    deletePortfolioGroup: { invalidatesTags: [...kProfile, 'Portfolio'] },
    reorderPortfolioGroups: { invalidatesTags: ['Portfolio'] },
    createPortfolioProject: { invalidatesTags: [...kProfile, 'Portfolio'] },
    updatePortfolioProject: { invalidatesTags: ['Portfolio'] },
    deletePortfolioProject: { invalidatesTags: [...kProfile, 'Portfolio'] },
    reorderPortfolioProjects: { invalidatesTags: ['Portfolio'] },
    createPrice: { invalidatesTags: [...kProfile, 'Prices'] },
    updatePrice: { invalidatesTags: ['Prices'] },
    deletePrice: { invalidatesTags: [...kProfile, 'Prices'] },
    reorderPrices: { invalidatesTags: ['Prices'] },
  },
});

export const {
  useGetPublicUserQuery,
  useCompleteWelcomeMutation,
  usePostponeWelcomeMutation,
  useGetFreelancerQuery,
  useGetPortfolioQuery,
  useGetPortfolioProjectQuery,
  useListPricesQuery,
  useGetCustomerQuery,
  useUpdateFreelancerProfileMutation,
  useSetPortfolioAddressMutation,
  useUpdateCustomerProfileMutation,
  useCreatePortfolioGroupMutation,
  useUpdatePortfolioGroupMutation,
  useDeletePortfolioGroupMutation,
  useReorderPortfolioGroupsMutation,
  useCreatePortfolioProjectMutation,
  useUpdatePortfolioProjectMutation,
  useDeletePortfolioProjectMutation,
  useReorderPortfolioProjectsMutation,
  useCreatePriceMutation,
  useUpdatePriceMutation,
  useDeletePriceMutation,
  useReorderPricesMutation,
} = profilesApi;
