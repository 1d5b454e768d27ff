import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

export interface ShowMoreButtonProps {
  // The `next_cursor` of the page shown last; null on the last page (no button).
  nextCursor: string | null;
  loading: boolean;
  onMore: (cursor: string) => void;
}

// "Show more" under the last keyset page of a list.
export function ShowMoreButton({ nextCursor, loading, onMore }: ShowMoreButtonProps) {
  const { t } = useTranslation('orders');
  if (nextCursor === null) return null;
  return (
    <Button
      type="button"
      className="show-more"
      label={t('list.show_more')}
      outlined
      loading={loading}
      onClick={() => onMore(nextCursor)}
    />
  );
}
