import { searchesGeneratedApi } from '@/features/searches/api/searches.generated';

// Every change refetches "My searches" (its counts and names).
export const searchesApi = searchesGeneratedApi.enhanceEndpoints({
  addTagTypes: ['SavedSearch'],
  endpoints: {
    listSavedSearches: { providesTags: [{ type: 'SavedSearch', id: 'LIST' }] },
    createSavedSearch: { invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }] },
    updateSavedSearch: { invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }] },
    deleteSavedSearch: { invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }] },
    markSavedSearchSeen: { invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }] },
  },
});

export const {
  useListSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useMarkSavedSearchSeenMutation,
} = searchesApi;
