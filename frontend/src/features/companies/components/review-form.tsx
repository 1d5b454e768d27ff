import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { Rating } from 'primereact/rating';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError, serverError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import { usePutCompanyReviewMutation } from '@/features/companies/api/companies-api';
import { fieldErrors } from '@/lib/api/api-error';
import type { CompanyReview, CompanyReviewRelation } from '@/lib/api/schema.generated';
import { showToast } from '@/lib/toast/toast-store';

const kAxes = ['salary', 'management', 'team', 'growth', 'conditions'] as const;
type Axis = (typeof kAxes)[number];
const kRelations: CompanyReviewRelation[] = ['current', 'former', 'candidate'];

interface ReviewDraft {
  rating: number | null;
  axes: Record<Axis, number | null>;
  pros: string;
  cons: string;
  relation: CompanyReviewRelation;
  position: string;
  recommend: boolean | null;
  anonymous: boolean;
}

function draftOf(review: CompanyReview | null): ReviewDraft {
  return {
    rating: review?.rating ?? null,
    axes: {
      salary: review?.axes.salary ?? null,
      management: review?.axes.management ?? null,
      team: review?.axes.team ?? null,
      growth: review?.axes.growth ?? null,
      conditions: review?.axes.conditions ?? null,
    },
    pros: review?.pros ?? '',
    cons: review?.cons ?? '',
    relation: review?.relation ?? 'current',
    position: review?.position ?? '',
    recommend: review?.recommend ?? null,
    anonymous: review?.anonymous ?? false,
  };
}

export interface ReviewFormProps {
  companyId: number;
  // The viewer's own review (editable), or null for a new one.
  review: CompanyReview | null;
}

// A company review: the overall rating is required ('Rate please', checked here and by the server), the five
// axes, pros and cons, relation, position and "would recommend" are optional; anonymous hides the author from
// everybody (the company included).
export function ReviewForm({ companyId, review }: ReviewFormProps) {
  const { t } = useTranslation(['companies', 'jobs']);
  const [draft, setDraft] = useState(() => draftOf(review));
  const [checked, setChecked] = useState(false);
  const [put, { isLoading, error }] = usePutCompanyReviewMutation();
  const errors = fieldErrors(error);
  const set = (patch: Partial<ReviewDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const ratingError =
    checked && draft.rating === null ? t('companies:review.rating_required') : serverError(errors, 'rating');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (draft.rating === null) return;
    const result = await put({
      id: companyId,
      companyReviewInput: {
        rating: draft.rating,
        ...draft.axes,
        pros: draft.pros.trim(),
        cons: draft.cons.trim(),
        relation: draft.relation,
        position: draft.position.trim(),
        recommend: draft.recommend,
        anonymous: draft.anonymous,
      },
    });
    if ('data' in result) showToast({ severity: 'success', summary: t('companies:review.saved') });
  };

  return (
    <form className="review-form card" onSubmit={onSubmit} noValidate data-testid="company-review-form">
      <h3>{t('companies:review.form_title')}</h3>
      <div className="field">
        <span className="field-label" id="review-rating-label">
          {t('companies:review.rating')}
        </span>
        <Rating
          aria-labelledby="review-rating-label"
          value={draft.rating ?? 0}
          cancel={false}
          onChange={(event) => set({ rating: event.value ?? null })}
          data-testid="review-rating"
        />
        <FieldError message={ratingError} />
      </div>
      <fieldset className="review-axes">
        <legend className="field-label">{t('companies:review.axes')}</legend>
        {kAxes.map((axis) => (
          <div className="review-axis" key={axis}>
            <span id={`review-axis-${axis}`}>{t(`jobs:review_axis.${axis}`)}</span>
            <Rating
              aria-labelledby={`review-axis-${axis}`}
              value={draft.axes[axis] ?? 0}
              onChange={(event) => set({ axes: { ...draft.axes, [axis]: event.value ?? null } })}
            />
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label className="field-label" htmlFor="review-relation">
          {t('companies:review.relation')}
        </label>
        <Dropdown
          inputId="review-relation"
          value={draft.relation}
          options={kRelations.map((value) => ({ value, label: t(`jobs:relation.${value}`) }))}
          onChange={(event) => set({ relation: event.value as CompanyReviewRelation })}
        />
        <FieldError message={serverError(errors, 'relation')} />
      </div>
      <TextField
        label={t('companies:review.position')}
        name="position"
        value={draft.position}
        maxLength={120}
        error={serverError(errors, 'position')}
        onChange={(position) => set({ position })}
      />
      <TextField
        label={t('companies:review.pros')}
        name="pros"
        rows={3}
        value={draft.pros}
        maxLength={4000}
        error={serverError(errors, 'pros')}
        onChange={(pros) => set({ pros })}
      />
      <TextField
        label={t('companies:review.cons')}
        name="cons"
        rows={3}
        value={draft.cons}
        maxLength={4000}
        error={serverError(errors, 'cons')}
        onChange={(cons) => set({ cons })}
      />
      <div className="field">
        <label className="field-label" htmlFor="review-recommend">
          {t('companies:review.recommend')}
        </label>
        <Dropdown
          inputId="review-recommend"
          value={draft.recommend === null ? 'skip' : draft.recommend ? 'yes' : 'no'}
          options={(['yes', 'no', 'skip'] as const).map((value) => ({
            value,
            label: t(`companies:review.recommend_${value}`),
          }))}
          onChange={(event) => set({ recommend: event.value === 'skip' ? null : event.value === 'yes' })}
        />
      </div>
      <div className="field-checkbox">
        <Checkbox
          inputId="review-anonymous"
          checked={draft.anonymous}
          onChange={(event) => set({ anonymous: event.checked === true })}
        />
        <label htmlFor="review-anonymous">{t('companies:review.anonymous')}</label>
      </div>
      <Button
        type="submit"
        loading={isLoading}
        label={review === null ? t('companies:review.submit') : t('companies:review.update')}
      />
    </form>
  );
}
