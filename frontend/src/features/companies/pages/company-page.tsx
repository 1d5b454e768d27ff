import '@/styles/marketplace.css';
import '@/styles/jobs.css';

import { Button } from 'primereact/button';
import { Rating } from 'primereact/rating';
import { useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { KeysetPages } from '@/components/keyset-pages';
import { NotFoundPage } from '@/components/not-found-page';
import { PersonLink } from '@/components/person-link';
import { QueryFallback, QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { TextField } from '@/components/text-field';
import {
  useGetCompanyQuery,
  useGetMyCompanyReviewQuery,
  useListCompanyReviewsQuery,
  useReplyToCompanyReviewMutation,
} from '@/features/companies/api/companies-api';
import { ReviewForm } from '@/features/companies/components/review-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, firstFieldError } from '@/lib/api/api-error';
import type { Company, CompanyReview } from '@/lib/api/schema.generated';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { formatDate, formatNumber } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';
import { Bookmark } from '@/lib/bookmarks/bookmark';

const kAxes = ['salary', 'management', 'team', 'growth', 'conditions'] as const;

export interface CompanyPageProps {
  // The company's open vacancies (the vacancies feature's list, through the app's slots).
  Vacancies: ComponentType<{ companyId: number; isOwner: boolean }>;
}

function CompanyRatingBlock({ company }: { company: Company }) {
  const { t } = useTranslation(['companies', 'jobs']);
  const lang = useLanguage();
  const { rating } = company;
  if (rating.average === null) return <p className="muted">{t('companies:company.not_rated')}</p>;
  return (
    <div className="company-rating" data-testid="company-rating">
      <div className="company-rating-main">
        <strong className="company-rating-value">{formatNumber(rating.average, lang, 1)}</strong>
        <Rating value={Math.round(rating.average)} readOnly cancel={false} />
        <span className="muted">{t('companies:rating.reviews', { count: rating.review_count })}</span>
      </div>
      {rating.recommend_percent !== null && (
        <p>{t('companies:rating.recommend', { percent: Math.round(rating.recommend_percent) })}</p>
      )}
      <dl className="company-axes">
        {kAxes.map((axis) =>
          rating.axes[axis] === null ? null : (
            <div key={axis}>
              <dt>{t(`jobs:review_axis.${axis}`)}</dt>
              <dd>{formatNumber(rating.axes[axis] ?? 0, lang, 1)}</dd>
            </div>
          ),
        )}
      </dl>
    </div>
  );
}

function ReplyForm({ companyId, reviewId }: { companyId: number; reviewId: number }) {
  const { t } = useTranslation('companies');
  const [text, setText] = useState('');
  const [reply, { isLoading, error }] = useReplyToCompanyReviewMutation();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    void reply({ id: companyId, reviewId, body: { text: text.trim() } });
  };
  return (
    <form className="reply-form" onSubmit={onSubmit}>
      <TextField
        label={t('review.reply_label')}
        name="reply"
        rows={2}
        value={text}
        maxLength={4000}
        error={firstFieldError(error, 'text')}
        onChange={setText}
      />
      <Button type="submit" size="small" outlined label={t('review.reply_submit')} loading={isLoading} />
    </form>
  );
}

function ReviewItem({ review, company }: { review: CompanyReview; company: Company }) {
  const { t } = useTranslation(['companies', 'jobs']);
  const lang = useLanguage();
  return (
    <article className="company-review card" data-testid="company-review">
      <header className="company-review-head">
        {review.author === null ? (
          <span className="muted" data-testid="review-anonymous">
            {t('companies:review.anonymous_author')}
          </span>
        ) : (
          <PersonLink user={review.author} as="customer" />
        )}
        {review.author !== null && review.anonymous && (
          // The author's own anonymous review: their name is shown to them alone.
          <span className="badge" data-testid="review-anonymous-mine">
            {t('companies:review.anonymous_mine')}
          </span>
        )}
        <Rating value={review.rating} readOnly cancel={false} />
        <span className="muted">{formatDate(review.created_at, lang)}</span>
      </header>
      <p className="muted">
        {t(`jobs:relation.${review.relation}`)}
        {review.position === '' ? '' : ` · ${review.position}`}
        {review.recommend === null
          ? ''
          : ` · ${review.recommend ? t('companies:review.recommends') : t('companies:review.not_recommends')}`}
      </p>
      {review.pros !== '' && (
        <>
          <h4>{t('companies:review.pros')}</h4>
          <p className="preserve-lines">{review.pros}</p>
        </>
      )}
      {review.cons !== '' && (
        <>
          <h4>{t('companies:review.cons')}</h4>
          <p className="preserve-lines">{review.cons}</p>
        </>
      )}
      {review.reply !== null ? (
        <div className="company-reply" data-testid="company-reply">
          <h4>{t('companies:review.reply_title')}</h4>
          <p className="preserve-lines">{review.reply.text}</p>
        </div>
      ) : (
        company.is_owner && <ReplyForm companyId={company.id} reviewId={review.id} />
      )}
    </article>
  );
}

function ReviewsPage({
  company,
  cursor,
  last,
  onMore,
}: {
  company: Company;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('companies');
  const result = useListCompanyReviewsQuery({ id: company.id, cursor, limit: 20 });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<p className="empty-state">{t('review.empty')}</p>}
    >
      {(data) => (
        <>
          {data.items.map((review) => (
            <ReviewItem key={review.id} review={review} company={company} />
          ))}
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// The viewer's review form: a guest is asked to sign in, the owner may not review, anybody else writes or edits
// their one review.
function MyReview({ company }: { company: Company }) {
  const { t } = useTranslation('companies');
  const lang = useLanguage();
  const viewer = useViewer();
  const signedIn = viewer.id !== null;
  const mine = useGetMyCompanyReviewQuery({ id: company.id }, { skip: !signedIn || company.is_owner });
  if (viewer.status === 'pending') return null;
  if (!signedIn) {
    return (
      <p className="muted">
        <Link to={paths.login(lang)}>{t('review.login')}</Link>
      </p>
    );
  }
  if (company.is_owner) return null;
  if (mine.isFetching && mine.data === undefined) return null;
  if (mine.data === undefined) return <QueryFallback results={[mine]} />;
  const { review } = mine.data;
  return <ReviewForm key={review?.id ?? 'new'} companyId={company.id} review={review} />;
}

// employer/{id}: the company's card (logo, facts, verified mark), its rating with the per-axis averages and the
// share who recommend it, the description, its open vacancies, the reviews with the company's replies and the
// viewer's review form.
export default function CompanyPage({ Vacancies }: CompanyPageProps) {
  const { t } = useTranslation(['companies', 'jobs']);
  const lang = useLanguage();
  const { id } = useParams();
  const valid = isDigitId(id);
  const companyQuery = useGetCompanyQuery({ id: Number(id) }, { skip: !valid });
  const catalogQuery = useCatalogQuery();
  useDocumentTitle(companyQuery.data?.name ?? t('companies:company.title'));
  if (!valid || errorStatus(companyQuery.error) === 404) return <NotFoundPage />;
  const company = companyQuery.data;
  const catalog = catalogQuery.data;
  if (company === undefined || catalog === undefined) {
    return <QueryFallback results={[companyQuery, catalogQuery]} page />;
  }
  const place = [
    company.city_id === null ? null : catalog.city(company.city_id),
    company.country_id === null ? null : catalog.country(company.country_id),
  ]
    .filter((item) => item !== null && item !== undefined)
    .map((item) => catalog.name(item.names))
    .join(', ');

  return (
    <section className="page company-page" data-testid="company-page">
      <header className="company-head card">
        {company.logo !== null && (
          <img className="company-logo" src={company.logo.url} alt="" width={96} height={96} />
        )}
        <div className="company-head-text">
          <div className="bookmark-heading">
            <h1>
              {company.name}{' '}
              {company.verified && (
                <span
                  className="pi pi-verified company-verified"
                  title={t('companies:company.verified')}
                  aria-label={t('companies:company.verified')}
                  data-testid="company-verified"
                />
              )}
            </h1>
            <Bookmark kind="company" id={company.id} />
          </div>
          <p className="muted company-facts">
            {[
              t(`jobs:industry.${company.industry}`),
              t(`jobs:size.${company.size}`),
              place,
              company.founded_year === null
                ? ''
                : t('companies:company.founded', { year: company.founded_year }),
            ]
              .filter((item) => item !== '')
              .join(' · ')}
          </p>
          {company.website !== null && company.website !== '' && (
            <a href={company.website} rel="nofollow noopener noreferrer" target="_blank">
              {company.website}
            </a>
          )}
        </div>
        {company.is_owner && (
          <div className="company-owner-actions">
            <Link to={paths.employerEdit(lang, company.id)} className="p-button p-button-outlined">
              {t('companies:company.edit')}
            </Link>
            <Link to={paths.vacancyCreate(lang, company.id)} className="p-button">
              {t('companies:company.post_vacancy')}
            </Link>
          </div>
        )}
      </header>
      <div className="company-columns">
        <div className="company-main">
          {company.description !== '' && <p className="preserve-lines card">{company.description}</p>}
          <h2>{t('companies:company.vacancies_title')}</h2>
          <Vacancies companyId={company.id} isOwner={company.is_owner} />
          <h2>{t('companies:review.title')}</h2>
          <MyReview company={company} />
          <div className="company-reviews">
            <KeysetPages key={company.id}>
              {(page) => <ReviewsPage company={company} {...page} />}
            </KeysetPages>
          </div>
        </div>
        <aside className="company-side card">
          <h2>{t('companies:rating.title')}</h2>
          <CompanyRatingBlock company={company} />
        </aside>
      </div>
    </section>
  );
}
