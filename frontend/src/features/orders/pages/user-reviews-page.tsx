import '@/features/orders/orders.css';

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import { useGetPublicUserQuery, useListUserReviewsQuery } from '@/features/orders/api/orders-api';
import { ReviewItem } from '@/features/orders/components/review-item';
import { UserProfile } from '@/features/orders/components/user-profile';
import { fullName } from '@/lib/format/format';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { isDigitId } from '@/lib/routing/digit-id';
import { KeysetPages } from '@/features/orders/components/keyset-pages';
import { ShowMoreButton } from '@/features/orders/components/show-more-button';

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
  const { data, isFetching } = useListUserReviewsQuery({ id: userId, as: side, cursor, limit: 20 });
  if (data === undefined) return isFetching ? <PageLoader /> : null;
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
      <KeysetPages>
        {(page) => <ReviewPage userId={userId} side={side} viewerId={viewerId} {...page} />}
      </KeysetPages>
    </div>
  );
}

export interface UserReviewsPageProps {
  side: Side;
  viewerId: number | null;
}

// freelancer/{id}/reviews and customer/{id}/reviews: the public card with the rating summary and the reviews.
export default function UserReviewsPage({ side, viewerId }: UserReviewsPageProps) {
  const { t } = useTranslation('orders');
  const { id } = useParams();
  const valid = isDigitId(id);
  const userId = Number(id);
  const { data: user, error, isLoading } = useGetPublicUserQuery({ id: userId }, { skip: !valid });
  useDocumentTitle(user === undefined ? t('reviews.title') : `${fullName(user)} — ${t('reviews.title')}`);

  if (!valid || errorStatus(error) === 404) return <NotFoundPage />;
  if (isLoading || user === undefined) return <PageLoader />;
  return (
    <UserProfile user={user} side={side} viewerId={viewerId}>
      <section className="card" aria-labelledby="reviews-title">
        <h2 id="reviews-title">{t('reviews.title')}</h2>
        <ReviewList key={side} userId={user.id} side={side} viewerId={viewerId} />
      </section>
    </UserProfile>
  );
}
