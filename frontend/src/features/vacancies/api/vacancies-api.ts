import { vacanciesGeneratedApi } from '@/features/vacancies/api/vacancies.generated';

export type { ListVacanciesApiArg } from '@/features/vacancies/api/vacancies.generated';

const vacancyTags = (id: number) => [
  { type: 'Vacancy' as const, id },
  { type: 'Vacancy' as const, id: 'LIST' },
];

// The generated endpoints with their cache tags: a vacancy by id plus a LIST tag for every list.
export const vacanciesApi = vacanciesGeneratedApi.enhanceEndpoints({
  endpoints: {
    listVacancies: { providesTags: [{ type: 'Vacancy', id: 'LIST' }] },
    countVacancies: { providesTags: [{ type: 'Vacancy', id: 'LIST' }] },
    listMyVacancies: { providesTags: [{ type: 'Vacancy', id: 'LIST' }] },
    listCompanyVacancies: { providesTags: [{ type: 'Vacancy', id: 'LIST' }] },
    getVacancy: { providesTags: (_result, _error, arg) => [{ type: 'Vacancy', id: arg.id }] },
    createVacancy: { invalidatesTags: [{ type: 'Vacancy', id: 'LIST' }] },
    updateVacancy: { invalidatesTags: (_result, _error, arg) => vacancyTags(arg.id) },
    deleteVacancy: { invalidatesTags: [{ type: 'Vacancy', id: 'LIST' }] },
    publishVacancy: { invalidatesTags: (_result, _error, arg) => vacancyTags(arg.id) },
    archiveVacancy: { invalidatesTags: (_result, _error, arg) => vacancyTags(arg.id) },
    renewVacancy: { invalidatesTags: (_result, _error, arg) => vacancyTags(arg.id) },
  },
});

export const {
  useListVacanciesQuery,
  useCountVacanciesQuery,
  useListMyVacanciesQuery,
  useListCompanyVacanciesQuery,
  useGetVacancyQuery,
  useCreateVacancyMutation,
  useUpdateVacancyMutation,
  useDeleteVacancyMutation,
  usePublishVacancyMutation,
  useArchiveVacancyMutation,
  useRenewVacancyMutation,
} = vacanciesApi;
