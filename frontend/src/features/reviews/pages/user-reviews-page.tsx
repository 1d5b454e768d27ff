import '@/styles/marketplace.css';

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import type { UserFrameProps } from '@/components/user-profile';
import { useListUserReviewsQuery } from '@/features/reviews/api/reviews-api';
import { ReviewItem } from '@/features/reviews/components/review-item';
import { QueryFallback } from '@/components/query-state';
import { KeysetPages } from '@/components/keyset-pages';
import { ShowMoreButton } from '@/components/show-more-button';

type Side = 'performer' | 'customer';

function ReviewPage({
  userId,
  side,
  cursor,
  last,
  viewerId,
  onMore,
}: {
  userId: number;
  side: Side;
  cursor: string | undefined;
  last: boolean;
  viewerId: number | null;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('orders');
  const result = useListUserReviewsQuery({ id: userId, as: side, cursor, limit: 20 });
  const { data, isFetching } = result;
  if (data === undefined) return <QueryFallback results={[result]} />;
  if (data.items.length === 0 && cursor === undefined) return <p className="muted">{t('reviews.empty')}</p>;
  return (
    <>
      {data.items.map((review) => (
        <ReviewItem key={review.id} review={review} viewerId={viewerId} showOrder />
      ))}
      {last && <ShowMoreButton nextCursor={data.next_cursor} loading={isFetching} onMore={onMore} />}
    </>
  );
}

function ReviewList({ userId, side, viewerId }: { userId: number; side: Side; viewerId: number | null }) {
  return (
    <div data-testid="review-list">
      <KeysetPages remember>
        {(page) => <ReviewPage userId={userId} side={side} viewerId={viewerId} {...page} />}
      </KeysetPages>
    </div>
  );
}

export interface UserReviewsPageProps {
  side: Side;
  viewerId: number | null;
  Frame: ComponentType<UserFrameProps>;
}

// freelancer/{id}/reviews and customer/{id}/reviews: the reviews in the public profile's frame (the card with
// the rating summaries).
export default function UserReviewsPage({ side, viewerId, Frame }: UserReviewsPageProps) {
  const { t } = useTranslation('orders');
  return (
    <Frame side={side} viewerId={viewerId} title={t('reviews.title')}>
      {(user) => (
        <section className="card" aria-labelledby="reviews-title">
          <h2 id="reviews-title">{t('reviews.title')}</h2>
          <ReviewList key={side} userId={user.id} side={side} viewerId={viewerId} />
        </section>
      )}
    </Frame>
  );
}
