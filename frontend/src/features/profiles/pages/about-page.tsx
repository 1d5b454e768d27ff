import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import { FreelancerFrame } from '@/features/profiles/components/freelancer-frame';
import { languageName, ProfileForm } from '@/features/profiles/components/profile-form';
import type { ProfileSlots } from '@/features/profiles/components/profile-slots';
import { SlugForm } from '@/features/profiles/components/slug-form';
import { useEditForm } from '@/features/profiles/hooks/use-edit-form';
import type { FreelancerProfile } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { formatDate, formatNumber } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { formatMoney } from '@/lib/money/money';
import { paths } from '@/lib/routing/paths';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function AboutContent({ profile, catalog }: { profile: FreelancerProfile; catalog: CatalogIndex }) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const editor = useEditForm('profile');
  const address = useEditForm('address');
  const owner = profile.is_owner;
  const notSet = <span className="muted">{t('profile.not_set')}</span>;
  const place = [
    profile.country_id === null ? undefined : catalog.country(profile.country_id),
    profile.city_id === null ? undefined : catalog.city(profile.city_id),
  ]
    .filter((item) => item !== undefined)
    .map((item) => catalog.name(item.names))
    .join(', ');
  const specializations = [...profile.specializations].sort((a, b) => Number(b.main) - Number(a.main));
  return (
    <>
      <section className="card" aria-labelledby="about-title" data-testid="about">
        <div className="card-header-row">
          <h2 id="about-title">{t('profile.title_about')}</h2>
          {owner && (
            <Button
              type="button"
              icon="pi pi-pencil"
              outlined
              label={t('profile.edit_profile')}
              onClick={editor.show}
              data-testid="edit-profile"
            />
          )}
        </div>
        {profile.headline !== '' && <p className="profile-headline">{profile.headline}</p>}
        {profile.about !== '' ? (
          <p className="profile-about" data-testid="about-text">
            {profile.about}
          </p>
        ) : (
          <p className={owner ? 'empty-state' : 'muted'}>
            {t(owner ? 'profile.about_empty_owner' : 'profile.about_empty')}
          </p>
        )}
        <h3 className="small-heading">{t('profile.specializations')}</h3>
        {specializations.length === 0 ? (
          notSet
        ) : (
          <ul className="chips" data-testid="about-specializations">
            {specializations.map((item) => {
              const spec = catalog.specialization(item.id);
              return (
                <li key={item.id} className={item.main ? 'chip-main' : undefined}>
                  {spec === undefined ? item.id : catalog.name(spec.names)}
                  {item.main && <span className="main-badge">{t('profile.main')}</span>}
                </li>
              );
            })}
          </ul>
        )}
        <h3 className="small-heading">{t('profile.skills')}</h3>
        {profile.skill_ids.length === 0 ? (
          notSet
        ) : (
          <ul className="chips" data-testid="about-skills">
            {profile.skill_ids.map((id) => {
              const skill = catalog.skill(id);
              return <li key={id}>{skill === undefined ? id : catalog.name(skill.names)}</li>;
            })}
          </ul>
        )}
        <dl className="order-facts profile-facts">
          <Fact label={t('profile.experience')}>
            {profile.experience_years === null
              ? notSet
              : t('profile.years', { count: profile.experience_years })}
          </Fact>
          <Fact label={t('profile.location')} testId="about-location">
            {place === '' ? notSet : place}
          </Fact>
          <Fact label={t('profile.languages')}>
            {profile.languages.length === 0
              ? notSet
              : profile.languages.map((code) => languageName(code, lang)).join(', ')}
          </Fact>
          <Fact label={t('profile.rate')} testId="about-rate">
            {profile.rate === null
              ? notSet
              : formatMoney(profile.rate, catalog.minorUnits(profile.rate.currency), lang)}
          </Fact>
          <Fact label={t('profile.availability')}>
            {t(profile.available ? 'profile.available' : 'profile.busy')}
            {profile.online && ` · ${t('profile.online')}`}
          </Fact>
          <Fact label={t('profile.member_since', { date: '' }).replace(/\s*$/, '')}>
            {formatDate(profile.created_at, lang)}
          </Fact>
        </dl>
        <h3 className="small-heading">{t('profile.stats_title')}</h3>
        <dl className="profile-stats">
          <Fact label={t('profile.stats.performer_rating')}>
            {profile.stats.rating === null
              ? t('profile.stats.none')
              : t('profile.stats.rating_value', {
                  rating: formatNumber(profile.stats.rating, lang, 1),
                  count: profile.stats.review_count,
                })}
          </Fact>
          <Fact label={t('profile.stats.completed_orders')}>
            {formatNumber(profile.stats.completed_orders, lang)}
          </Fact>
          <Fact label={t('profile.stats.repeat_customers')}>
            {formatNumber(profile.stats.repeat_customers, lang)}
          </Fact>
        </dl>
      </section>
      {owner && (
        <section className="card" aria-labelledby="address-title" data-testid="address">
          <div className="card-header-row">
            <h2 id="address-title">{t('profile.address')}</h2>
            <Button
              type="button"
              icon="pi pi-pencil"
              outlined
              label={t('profile.edit')}
              onClick={address.show}
              data-testid="edit-address"
            />
          </div>
          <p data-testid="address-value">
            {profile.slug === null ? (
              <span className="muted">{t('profile.address_none')}</span>
            ) : (
              <code>{`${window.location.host}${paths.freelancer(lang, profile.slug)}`}</code>
            )}
          </p>
          <p className="muted small">{t('profile.address_hint')}</p>
        </section>
      )}
      {owner && editor.open && (
        <ProfileForm profile={profile} catalog={catalog} field={editor.field} onHide={editor.hide} />
      )}
      {owner && address.open && <SlugForm slug={profile.slug} onHide={address.hide} />}
    </>
  );
}

// freelancer/{id}/about: headline, about, specializations, skills, experience, location, languages, rate,
// availability and the reputation; the owner edits the fields and the portfolio address here.
export default function AboutPage(slots: ProfileSlots) {
  const { t } = useTranslation('profiles');
  const { id } = useParams();
  const catalog = useCatalogQuery();
  return (
    <FreelancerFrame profileKey={id ?? ''} title={t('profile.title_about')} {...slots}>
      {(profile) => (
        <QueryState result={catalog}>
          {(index) => <AboutContent profile={profile} catalog={index} />}
        </QueryState>
      )}
    </FreelancerFrame>
  );
}
