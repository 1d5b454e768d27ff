import { resumesGeneratedApi } from '@/features/resumes/api/resumes.generated';

export type { ListResumesApiArg, CountResumesApiArg } from '@/features/resumes/api/resumes.generated';

const resumeTags = (id: number) => [
  { type: 'Resume' as const, id },
  { type: 'Resume' as const, id: 'LIST' },
];

// The generated endpoints (docs/api/openapi.yaml, tag resumes) with their cache tags: by id plus a LIST tag.
export const resumesApi = resumesGeneratedApi.enhanceEndpoints({
  endpoints: {
    listResumes: { providesTags: [{ type: 'Resume', id: 'LIST' }] },
    countResumes: { providesTags: [{ type: 'Resume', id: 'LIST' }] },
    listMyResumes: { providesTags: [{ type: 'Resume', id: 'LIST' }] },
    getResume: { providesTags: (_result, _error, arg) => [{ type: 'Resume', id: arg.id }] },
    createResume: { invalidatesTags: [{ type: 'Resume', id: 'LIST' }] },
    updateResume: { invalidatesTags: (_result, _error, arg) => resumeTags(arg.id) },
    deleteResume: { invalidatesTags: [{ type: 'Resume', id: 'LIST' }] },
    uploadResumePhoto: { invalidatesTags: (_result, _error, arg) => resumeTags(arg.id) },
    deleteResumePhoto: { invalidatesTags: (_result, _error, arg) => resumeTags(arg.id) },
    publishResume: { invalidatesTags: (_result, _error, arg) => resumeTags(arg.id) },
    hideResume: { invalidatesTags: (_result, _error, arg) => resumeTags(arg.id) },
  },
});

export const {
  useListResumesQuery,
  useCountResumesQuery,
  useListMyResumesQuery,
  useGetResumeQuery,
  useCreateResumeMutation,
  useUpdateResumeMutation,
  useDeleteResumeMutation,
  useUploadResumePhotoMutation,
  useDeleteResumePhotoMutation,
  usePublishResumeMutation,
  useHideResumeMutation,
} = resumesApi;
