import { favouritesGeneratedApi } from '@/features/favourites/api/favourites.generated';
import type { FavouriteState } from '@/lib/api/schema.generated';

// The toggle is optimistic: the star changes at once and goes back if the server refuses (the error's toast
// comes from the base query); the list is refetched after any change.
function optimistic(bookmarked: boolean) {
  return async (
    arg: { kind: string; id: number },
    {
      dispatch,
      queryFulfilled,
    }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: FavouriteState }> },
  ) => {
    const patch = dispatch(
      favouritesGeneratedApi.util.updateQueryData('getFavourite', arg, (draft) => {
        draft.bookmarked = bookmarked;
      }),
    ) as { undo: () => void };
    try {
      await queryFulfilled;
    } catch {
      patch.undo();
    }
  };
}

export const favouritesApi = favouritesGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Favourite'],
  endpoints: {
    listFavourites: { providesTags: [{ type: 'Favourite', id: 'LIST' }] },
    getFavourite: {
      providesTags: (_result, _error, arg) => [{ type: 'Favourite', id: `${arg.kind}-${arg.id}` }],
    },
    addFavourite: {
      onQueryStarted: optimistic(true),
      invalidatesTags: [{ type: 'Favourite', id: 'LIST' }],
    },
    removeFavourite: {
      onQueryStarted: optimistic(false),
      invalidatesTags: [{ type: 'Favourite', id: 'LIST' }],
    },
  },
});

export const {
  useListFavouritesQuery,
  useGetFavouriteQuery,
  useAddFavouriteMutation,
  useRemoveFavouriteMutation,
} = favouritesApi;
