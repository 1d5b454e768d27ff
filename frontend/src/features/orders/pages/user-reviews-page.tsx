import '@/features/orders/orders.css';

import { Rating } from 'primereact/rating';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import {
  useGetPublicUserQuery,
  useListUserReviewsQuery,
  type RatingSummary,
} from '@/features/orders/api/orders-api';
import { InviteToOrder } from '@/features/orders/components/invite-to-order';
import { ReviewItem } from '@/features/orders/components/review-item';
import { formatDate, fullName } from '@/features/orders/model/format';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';
import { ShowMoreButton } from '@/features/orders/components/show-more-button';

type Side = 'performer' | 'customer';

function Summary({ summary }: { summary: RatingSummary }) {
  const { t } = useTranslation('orders');
  if (summary.average === null || summary.count === 0)
    return <span className="muted">{t('reviews.summary_none')}</span>;
  return (
    <span className="rating-summary">
      <Rating value={Math.round(summary.average)} readOnly cancel={false} />
      {t('reviews.summary', { average: summary.average.toFixed(1), count: summary.count })}
    </span>
  );
}

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
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <div data-testid="review-list">
      {cursors.map((cursor, index) => (
        <ReviewPage
          key={cursor ?? 'first'}
          userId={userId}
          side={side}
          cursor={cursor}
          last={index === cursors.length - 1}
          viewerId={viewerId}
          onMore={(next) => setCursors((list) => [...list, next])}
        />
      ))}
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
  const lang = useLanguage();
  const { id } = useParams();
  const valid = isDigitId(id);
  const userId = Number(id);
  const { data: user, error, isLoading } = useGetPublicUserQuery({ id: userId }, { skip: !valid });
  useDocumentTitle(user === undefined ? t('reviews.title') : `${fullName(user)} — ${t('reviews.title')}`);

  if (!valid || errorStatus(error) === 404) return <NotFoundPage />;
  if (isLoading || user === undefined) return <PageLoader />;
  const self = viewerId === user.id;

  return (
    <section className="page user-page">
      <div className="card user-card" data-testid="user-card">
        <img
          className="avatar-large"
          src={user.avatar ?? '/images/default-avatar.svg'}
          alt=""
          width={96}
          height={96}
        />
        <div className="user-card-body">
          <h1>{fullName(user)}</h1>
          <p className="muted">{t('reviews.member_since', { date: formatDate(user.created_at, lang) })}</p>
          <dl className="order-facts">
            <div>
              <dt>{t('reviews.as_performer')}</dt>
              <dd>
                <Summary summary={user.as_performer} />
              </dd>
            </div>
            <div>
              <dt>{t('reviews.as_customer')}</dt>
              <dd>
                <Summary summary={user.as_customer} />
              </dd>
            </div>
          </dl>
        </div>
        {side === 'performer' && !self && (
          <div className="user-card-actions">
            <Link to={paths.createOrder(lang, user.id)} className="p-button" data-testid="offer-job">
              {t('reviews.offer_job')}
            </Link>
            {viewerId !== null && <InviteToOrder performerId={user.id} />}
          </div>
        )}
      </div>
      <nav className="tabs" aria-label={t('reviews.title')}>
        <NavLink to={paths.freelancerPage(lang, user.id, 'reviews')}>{t('reviews.as_performer')}</NavLink>
        <NavLink to={paths.customerPage(lang, user.id, 'reviews')}>{t('reviews.as_customer')}</NavLink>
      </nav>
      <section className="card" aria-labelledby="reviews-title">
        <h2 id="reviews-title">{t('reviews.title')}</h2>
        <ReviewList key={side} userId={user.id} side={side} viewerId={viewerId} />
      </section>
    </section>
  );
}
