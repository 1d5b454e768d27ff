import { companiesGeneratedApi } from '@/features/companies/api/companies.generated';

const companyTags = (id: number) => [
  { type: 'Company' as const, id },
  { type: 'Company' as const, id: 'LIST' },
];

// The generated endpoints with their cache tags: a company by id plus a LIST tag (my companies); its reviews
// under CompanyReview (a review changes the company's rating too).
export const companiesApi = companiesGeneratedApi.enhanceEndpoints({
  endpoints: {
    listMyCompanies: { providesTags: [{ type: 'Company', id: 'LIST' }] },
    getCompany: { providesTags: (_result, _error, arg) => [{ type: 'Company', id: arg.id }] },
    createCompany: { invalidatesTags: [{ type: 'Company', id: 'LIST' }] },
    updateCompany: { invalidatesTags: (_result, _error, arg) => companyTags(arg.id) },
    deleteCompany: { invalidatesTags: [{ type: 'Company', id: 'LIST' }] },
    uploadCompanyLogo: { invalidatesTags: (_result, _error, arg) => companyTags(arg.id) },
    deleteCompanyLogo: { invalidatesTags: (_result, _error, arg) => companyTags(arg.id) },
    listCompanyReviews: { providesTags: (_result, _error, arg) => [{ type: 'CompanyReview', id: arg.id }] },
    getMyCompanyReview: { providesTags: (_result, _error, arg) => [{ type: 'CompanyReview', id: arg.id }] },
    putCompanyReview: {
      invalidatesTags: (_result, _error, arg) => [
        { type: 'CompanyReview', id: arg.id },
        { type: 'Company', id: arg.id },
      ],
    },
    deleteCompanyReview: {
      invalidatesTags: (_result, _error, arg) => [
        { type: 'CompanyReview', id: arg.id },
        { type: 'Company', id: arg.id },
      ],
    },
    replyToCompanyReview: {
      invalidatesTags: (_result, _error, arg) => [{ type: 'CompanyReview', id: arg.id }],
    },
  },
});

export const {
  useListMyCompaniesQuery,
  useGetCompanyQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useUploadCompanyLogoMutation,
  useDeleteCompanyLogoMutation,
  useListCompanyReviewsQuery,
  useGetMyCompanyReviewQuery,
  usePutCompanyReviewMutation,
  useReplyToCompanyReviewMutation,
} = companiesApi;
