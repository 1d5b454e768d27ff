import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Rating } from 'primereact/rating';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateReviewMutation } from '@/features/reviews/api/reviews-api';
import type { OrderDetail } from '@/lib/api/schema.generated';
import { ReviewItem } from '@/features/reviews/components/review-item';
import { firstFieldError } from '@/lib/api/api-error';
import { showToast } from '@/lib/toast/toast-store';

export interface OrderReviewsProps {
  order: OrderDetail;
  viewerId: number | null;
}

// order/{id} after completion (the orders page shows it in its reviews slot).

// After completion: both sides' reviews, and the form for a participant who has not reviewed yet.
export function OrderReviews({ order, viewerId }: OrderReviewsProps) {
  const { t } = useTranslation('orders');
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [local, setLocal] = useState<{ rating?: string; text?: string }>({});
  const [create, { isLoading, error }] = useCreateReviewMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: { rating?: string; text?: string } = {};
    if (rating === null || rating < 1) errors.rating = t('reviews.rate_please');
    if (text.trim() === '') errors.text = t('reviews.text_required');
    setLocal(errors);
    if (Object.keys(errors).length > 0 || rating === null) return;
    const result = await create({ id: order.id, body: { rating, text: text.trim() } });
    if (result.data !== undefined) showToast({ severity: 'success', summary: t('reviews.sent') });
  };
  const ratingError = local.rating ?? firstFieldError(error, 'rating');
  const textError = local.text ?? firstFieldError(error, 'text');

  if (order.reviews.length === 0 && !order.viewer.can_review) return null;
  return (
    <section className="card" aria-labelledby="order-reviews-title" data-testid="order-reviews">
      <h2 id="order-reviews-title">{t('reviews.title')}</h2>
      {order.reviews.map((review) => (
        <ReviewItem key={review.id} review={review} viewerId={viewerId} />
      ))}
      {order.viewer.can_review && (
        <form
          className="review-form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          data-testid="review-form"
        >
          <h3>{t('reviews.form_title')}</h3>
          <div className="field">
            <span className="field-label" id="review-rating-label">
              {t('reviews.rating')}
            </span>
            <Rating
              aria-labelledby="review-rating-label"
              value={rating ?? 0}
              cancel={false}
              onChange={(event) => setRating(event.value ?? null)}
            />
            {ratingError !== undefined && (
              <small className="field-error" role="alert">
                {ratingError}
              </small>
            )}
          </div>
          <div className="field">
            <label className="field-label" htmlFor="review-text">
              {t('reviews.text')}
            </label>
            <InputTextarea
              id="review-text"
              rows={4}
              maxLength={2000}
              value={text}
              invalid={textError !== undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {textError !== undefined && (
              <small className="field-error" role="alert">
                {textError}
              </small>
            )}
          </div>
          <div>
            <Button type="submit" label={t('reviews.submit')} loading={isLoading} />
          </div>
        </form>
      )}
    </section>
  );
}
