import { Rating } from 'primereact/rating';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';

import type { PublicUser, RatingSummary } from '@/lib/api/schema.generated';
import { formatDate, formatNumber, fullName } from '@/lib/format/format';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { Bookmark } from '@/lib/bookmarks/bookmark';

function Summary({ summary }: { summary: RatingSummary }) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  if (summary.average === null || summary.count === 0)
    return <span className="muted">{t('reviews.summary_none')}</span>;
  return (
    <span className="rating-summary">
      <Rating value={Math.round(summary.average)} readOnly cancel={false} />
      {t('reviews.summary', { average: formatNumber(summary.average, lang, 1), count: summary.count })}
    </span>
  );
}

// A tab of the public profile drawn in its frame: the profiles feature loads the user and draws the card; the
// orders and reviews features draw their tabs in it (the app hands them the frame as a slot).
export interface UserFrameProps {
  side: 'performer' | 'customer';
  viewerId: number | null;
  // The tab's title; the document title is "<name> — <title>".
  title: string;
  // The tab, drawn once the user has loaded.
  children: (user: PublicUser) => ReactNode;
}

export interface UserProfileProps {
  user: PublicUser;
  /** The side the page is about: a freelancer's page offers a job to them. */
  side: 'performer' | 'customer';
  viewerId: number | null;
  // Shown to a signed-in visitor of someone else's freelancer page beside "Offer a job" (the invitation to one
  // of their open orders; the app composes it).
  actions?: ReactNode;
  // "Write a message", on anyone's page but one's own (the messenger's; the app composes it).
  contact?: ReactNode;
  children: ReactNode;
}

// The public profile's frame (customer/{id}/… and freelancer/{id}/…): the card with both rating summaries,
// the job offer actions on a freelancer's page, and the tabs between its orders and reviews.
export function UserProfile({ user, side, viewerId, actions, contact, children }: UserProfileProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const self = viewerId === user.id;
  return (
    <section className="page user-page">
      <div className="card user-card" data-testid="user-card">
        <img className="avatar-large" src={user.avatar ?? kDefaultAvatar} alt="" width={96} height={96} />
        <div className="user-card-body">
          <div className="bookmark-heading">
            <h1>{fullName(user)}</h1>
            {side === 'performer' && !self && <Bookmark kind="freelancer" id={user.id} />}
          </div>
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
        {!self && (side === 'performer' || contact !== undefined) && (
          <div className="user-card-actions">
            {side === 'performer' && (
              <Link to={paths.createOrder(lang, user.id)} className="p-button" data-testid="offer-job">
                {t('reviews.offer_job')}
              </Link>
            )}
            {contact}
            {side === 'performer' && viewerId !== null && actions}
          </div>
        )}
      </div>
      <nav className="tabs" aria-label={t('profile.tabs')}>
        <NavLink to={paths.customerPage(lang, user.id, 'orders')}>{t('profile.orders')}</NavLink>
        <NavLink to={paths.freelancerPage(lang, user.id, 'orders')}>{t('profile.work')}</NavLink>
        <NavLink to={paths.freelancerPage(lang, user.id, 'reviews')}>
          {t('profile.reviews_performer')}
        </NavLink>
        <NavLink to={paths.customerPage(lang, user.id, 'reviews')}>{t('profile.reviews_customer')}</NavLink>
      </nav>
      {children}
    </section>
  );
}
