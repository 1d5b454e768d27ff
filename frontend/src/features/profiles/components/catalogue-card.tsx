import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { ContactActions, type WriteMessageSlot } from '@/features/profiles/components/contact-actions';
import type { FreelancerCard } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatNumber, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { formatMoney } from '@/lib/money/money';
import { paths } from '@/lib/routing/paths';

export interface CatalogueCardProps {
  card: FreelancerCard;
  catalog: CatalogIndex;
  Contact?: WriteMessageSlot;
}

// One performer in the catalogue: who, what they do, how customers rate them, their rate and a glimpse of the
// portfolio; the name, avatar and covers lead to the profile (freelancer/{slug or id}).
export function CatalogueCard({ card, catalog, Contact }: CatalogueCardProps) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const to = paths.freelancer(lang, card.slug ?? card.user.id);
  const name = fullName(card.user);
  const main = catalog.specialization(card.main_specialization_id);
  const country = card.country_id === null ? undefined : catalog.country(card.country_id);
  const city = card.city_id === null ? undefined : catalog.city(card.city_id);
  const location = [city, country]
    .filter((item) => item !== undefined)
    .map((item) => catalog.name(item.names))
    .join(', ');
  const { stats } = card;
  return (
    <article className="freelancer-card" data-testid="freelancer-card">
      <div className="freelancer-card-head">
        <Link to={to} className="freelancer-card-avatar" tabIndex={-1} aria-hidden="true">
          <img src={card.user.avatar ?? kDefaultAvatar} alt="" width={64} height={64} />
          {card.online && <span className="online-dot" />}
        </Link>
        <div className="freelancer-card-who">
          <h2>
            <Link to={to}>{name}</Link>
          </h2>
          {card.headline !== '' && <p className="freelancer-card-headline">{card.headline}</p>}
          <p className="muted freelancer-card-line">
            {main !== undefined && <span>{catalog.name(main.names)}</span>}
            {location !== '' && (
              <span>
                <span className="pi pi-map-marker" aria-hidden="true" /> {location}
              </span>
            )}
          </p>
        </div>
        {card.rate !== null && (
          <strong className="freelancer-card-rate" data-testid="freelancer-rate">
            {t('catalogue.rate', {
              amount: formatMoney(card.rate, catalog.minorUnits(card.rate.currency), lang),
            })}
          </strong>
        )}
      </div>
      <div className="freelancer-card-meta">
        {stats.rating === null || stats.review_count === 0 ? (
          <span className="muted">{t('catalogue.no_reviews')}</span>
        ) : (
          <span className="freelancer-card-rating" title={t('catalogue.rating', { rating: stats.rating })}>
            <span className="pi pi-star-fill" aria-hidden="true" />{' '}
            <strong>{formatNumber(stats.rating, lang, 1)}</strong>{' '}
            <span>{t('catalogue.reviews', { count: stats.review_count })}</span>
          </span>
        )}
        <span>{t('catalogue.completed', { count: stats.completed_orders })}</span>
        {card.available && <span className="badge badge-success">{t('catalogue.available')}</span>}
        {card.online && <span className="badge badge-online">{t('catalogue.online')}</span>}
      </div>
      {card.covers.length > 0 && (
        <Link to={to} className="freelancer-covers" aria-label={`${t('catalogue.portfolio')}: ${name}`}>
          {card.covers.slice(0, 3).map((url) => (
            <img key={url} src={url} alt="" loading="lazy" />
          ))}
          {card.project_count > 3 && (
            <span className="freelancer-covers-more">
              {t('catalogue.projects', { count: card.project_count })}
            </span>
          )}
        </Link>
      )}
      {card.skill_ids.length > 0 && (
        <ul className="chips">
          {card.skill_ids.map((id) => {
            const skill = catalog.skill(id);
            return skill === undefined ? null : <li key={id}>{catalog.name(skill.names)}</li>;
          })}
        </ul>
      )}
      <ContactActions userId={card.user.id} Contact={Contact} compact />
    </article>
  );
}
