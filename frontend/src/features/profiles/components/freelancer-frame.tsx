import '@/styles/marketplace.css';
import '@/styles/profiles.css';

import { Rating } from 'primereact/rating';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { useGetFreelancerQuery } from '@/features/profiles/api/profiles-api';
import { CompletenessCard } from '@/features/profiles/components/completeness-card';
import { ContactActions } from '@/features/profiles/components/contact-actions';
import type { ProfileSlots } from '@/features/profiles/components/profile-slots';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import type { FreelancerProfile } from '@/lib/api/schema.generated';
import { useCatalog } from '@/lib/catalog/use-catalog';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatNumber, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';

export function FreelancerHeader({
  profile,
  Actions,
  Contact,
}: ProfileSlots & { profile: FreelancerProfile }) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const catalog = useCatalog();
  const viewer = useViewer();
  const { user, stats } = profile;
  const main = profile.specializations.find((item) => item.main);
  const mainName = main === undefined || catalog === null ? null : catalog.specialization(main.id);
  const place = [
    profile.country_id === null ? null : catalog?.country(profile.country_id),
    profile.city_id === null ? null : catalog?.city(profile.city_id),
  ]
    .filter((item) => item !== null && item !== undefined)
    .map((item) => catalog?.name(item.names) ?? '')
    .join(', ');
  return (
    <div className="card user-card profile-header" data-testid="freelancer-header">
      <div className="profile-avatar">
        <img className="avatar-large" src={user.avatar ?? kDefaultAvatar} alt="" width={96} height={96} />
        {profile.online && <span className="online-dot" title={t('profile.online')} />}
      </div>
      <div className="user-card-body">
        <h1>{fullName(user)}</h1>
        {profile.headline !== '' && <p className="profile-headline">{profile.headline}</p>}
        <ul className="profile-badges">
          <li className={profile.available ? 'badge-available' : 'badge-busy'}>
            {t(profile.available ? 'profile.available' : 'profile.busy')}
          </li>
          {profile.online && <li className="badge-online">{t('profile.online')}</li>}
          {mainName !== null && mainName !== undefined && catalog !== null && (
            <li>{catalog.name(mainName.names)}</li>
          )}
          {place !== '' && (
            <li>
              <span className="pi pi-map-marker" aria-hidden="true" /> {place}
            </li>
          )}
        </ul>
        <p className="rating-summary">
          {stats.rating === null || stats.review_count === 0 ? (
            <span className="muted">
              {t('profile.stats.performer_rating')}: {t('profile.stats.none')}
            </span>
          ) : (
            <>
              <Rating value={Math.round(stats.rating)} readOnly cancel={false} />
              {t('profile.stats.rating_value', {
                rating: formatNumber(stats.rating, lang, 1),
                count: stats.review_count,
              })}
            </>
          )}
          <span className="muted">
            {t('profile.stats.completed_orders')}: {formatNumber(stats.completed_orders, lang)}
          </span>
        </p>
      </div>
      {!profile.is_owner && (
        <div className="user-card-actions">
          <ContactActions userId={user.id} Contact={Contact} />
          {Actions !== undefined && viewer.id !== null && <Actions performerId={user.id} />}
        </div>
      )}
    </div>
  );
}

export function FreelancerTabs({ profile }: { profile: FreelancerProfile }) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const { pathname } = useLocation();
  const id = profile.user.id;
  return (
    <nav className="tabs" aria-label={t('profile.tabs')}>
      {/* A project's page (freelancer/{id}/portfolio/{projectId}) is in the portfolio tab too. */}
      <NavLink
        to={paths.freelancer(lang, profile.slug ?? id)}
        end
        className={({ isActive }) => (isActive || pathname.includes('/portfolio/') ? 'active' : undefined)}
      >
        {t('profile.tab.portfolio')}
      </NavLink>
      <NavLink to={paths.freelancerPage(lang, id, 'orders')}>{t('profile.tab.orders')}</NavLink>
      <NavLink to={paths.freelancerPage(lang, id, 'about')}>{t('profile.tab.about')}</NavLink>
      <NavLink to={paths.freelancerPage(lang, id, 'prices')}>{t('profile.tab.prices')}</NavLink>
      <NavLink to={paths.freelancerPage(lang, id, 'reviews')}>{t('profile.tab.reviews')}</NavLink>
    </nav>
  );
}

export interface FreelancerFrameProps extends ProfileSlots {
  // The id or the portfolio address from the URL.
  profileKey: string;
  title: string;
  children: (profile: FreelancerProfile) => ReactNode;
}

// freelancer/{idOrSlug}/…: the profile's header (with the owner's completeness card) and tabs around a tab.
export function FreelancerFrame({ profileKey, title, children, Actions, Contact }: FreelancerFrameProps) {
  const result = useGetFreelancerQuery({ key: profileKey });
  const { data: profile, error } = result;
  useDocumentTitle(profile === undefined ? title : `${fullName(profile.user)} — ${title}`);
  if (errorStatus(error) === 404 || profileKey === '') return <NotFoundPage />;
  if (profile === undefined) return <QueryFallback results={[result]} page />;
  return (
    <section className="page user-page profile-page">
      <FreelancerHeader profile={profile} Actions={Actions} Contact={Contact} />
      {profile.is_owner && <CompletenessCard profile={profile} />}
      <FreelancerTabs profile={profile} />
      {children(profile)}
    </section>
  );
}
