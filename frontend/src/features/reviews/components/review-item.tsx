import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Rating } from 'primereact/rating';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useReplyToReviewMutation } from '@/features/reviews/api/reviews-api';
import type { Review } from '@/lib/api/schema.generated';
import { PersonLink } from '@/components/person-link';
import { formatDate } from '@/lib/format/format';
import { firstFieldError } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { showToast } from '@/lib/toast/toast-store';

export interface ReviewItemProps {
  review: Review;
  // The signed-in user; the reviewed side may reply once.
  viewerId: number | null;
  showOrder?: boolean;
}

// The order a review is about: a link to it, or, for a personal order the viewer is no party of (the server then
// withholds its id and name), just "a personal order".
function ReviewOrder({ review }: { review: Review }) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  if (review.order_id === null || review.order_name === null) {
    return <span data-testid="review-order">{t('reviews.about_personal_order')}</span>;
  }
  return (
    <span data-testid="review-order">
      {t('reviews.about_order_label')}{' '}
      <Link to={paths.order(lang, review.order_id)}>{review.order_name}</Link>
    </span>
  );
}

export function ReviewItem({ review, viewerId, showOrder = false }: ReviewItemProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [reply, { isLoading, error }] = useReplyToReviewMutation();
  const canReply = viewerId !== null && review.target.id === viewerId && review.reply === null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await reply({ id: review.id, body: { text: text.trim() } });
    if (result.data === undefined) return;
    showToast({ severity: 'success', summary: t('reviews.replied') });
    setOpen(false);
  };

  return (
    <article className="review" data-testid="review">
      <div className="review-head">
        <PersonLink user={review.author} as={review.author_role === 'customer' ? 'customer' : 'performer'} />
        <Rating value={review.rating} readOnly cancel={false} aria-label={String(review.rating)} />
        <span className="muted">{formatDate(review.created_at, lang)}</span>
      </div>
      <p className="muted review-kind">
        {t(review.author_role === 'customer' ? 'reviews.from_performer' : 'reviews.from_customer')}
        {showOrder && (
          <>
            {' · '}
            <ReviewOrder review={review} />
          </>
        )}
      </p>
      <p className="review-text">{review.text}</p>
      {review.reply !== null && (
        <blockquote className="review-reply" data-testid="review-reply">
          <strong>{t('reviews.reply_of')}</strong> {review.reply}
        </blockquote>
      )}
      {canReply && !open && (
        <Button
          type="button"
          size="small"
          text
          icon="pi pi-reply"
          label={t('reviews.reply')}
          onClick={() => setOpen(true)}
        />
      )}
      {canReply && open && (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="field">
            <label className="field-label" htmlFor={`reply-${review.id}`}>
              {t('reviews.reply_label')}
            </label>
            <InputTextarea
              id={`reply-${review.id}`}
              rows={3}
              maxLength={2000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {firstFieldError(error, 'text') !== undefined && (
              <small className="field-error" role="alert">
                {firstFieldError(error, 'text')}
              </small>
            )}
          </div>
          <div>
            <Button type="submit" size="small" label={t('reviews.reply_submit')} loading={isLoading} />
          </div>
        </form>
      )}
    </article>
  );
}
