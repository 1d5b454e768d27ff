import { marketingApi } from '@/features/marketing/api/marketing-api';

export type {
  LandingPage as AdminLandingPage,
  LandingPageInput,
  LandingPageKind as LandingKind,
  PublicLandingPage as LandingPage,
} from '@/lib/api/schema.generated';

const kList = { type: 'LandingPage' as const, id: 'LIST' };

// Landing pages (libs/marketing, tag `marketing`): the public read and the admin's CRUD, with cache tags.
export const landingPagesApi = marketingApi.enhanceEndpoints({
  endpoints: {
    listLandingPages: { providesTags: [kList] },
    getAdminLandingPage: {
      providesTags: (_result, _error, arg) => [{ type: 'LandingPage', id: arg.id }],
    },
    createLandingPage: { invalidatesTags: [kList] },
    updateLandingPage: {
      invalidatesTags: (_result, _error, arg) => [kList, { type: 'LandingPage', id: arg.id }],
    },
    deleteLandingPage: { invalidatesTags: [kList] },
    deleteLandingPageImage: {
      invalidatesTags: (_result, _error, arg) => [kList, { type: 'LandingPage', id: arg.id }],
    },
  },
});

export const {
  useGetLandingPageQuery,
  useListLandingPagesQuery: useListAdminLandingPagesQuery,
  useGetAdminLandingPageQuery,
  useCreateLandingPageMutation,
  useUpdateLandingPageMutation,
  useDeleteLandingPageMutation,
  useDeleteLandingPageImageMutation,
} = landingPagesApi;
