import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

import {
  useAddFavouriteMutation,
  useGetFavouriteQuery,
  useRemoveFavouriteMutation,
} from '@/features/favourites/api/favourites-api';
import type { BookmarkProps } from '@/lib/bookmarks/bookmark';

// The star on an item's page: adds it to favourites or removes it, at once (rolled back if the server says no).
export function BookmarkToggle({ kind, id }: BookmarkProps) {
  const { t } = useTranslation('favourites');
  const { data } = useGetFavouriteQuery({ kind, id });
  const [add, added] = useAddFavouriteMutation();
  const [remove, removed] = useRemoveFavouriteMutation();
  const bookmarked = data?.bookmarked === true;
  const label = bookmarked ? t('remove') : t('add');
  return (
    <Button
      type="button"
      className="bookmark-toggle"
      text
      rounded
      icon={bookmarked ? 'pi pi-star-fill' : 'pi pi-star'}
      aria-label={label}
      aria-pressed={bookmarked}
      tooltip={label}
      tooltipOptions={{ position: 'bottom' }}
      disabled={data === undefined || added.isLoading || removed.isLoading}
      data-testid="bookmark-toggle"
      onClick={() => {
        void (bookmarked ? remove({ kind, id }) : add({ kind, id }));
      }}
    />
  );
}
