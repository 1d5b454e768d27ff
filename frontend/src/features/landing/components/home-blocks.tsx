import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { HomeFront } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { placeText } from '@/lib/catalog/place';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatNumber, formatRelative, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { formatMoney } from '@/lib/money/money';
import { salaryText } from '@/lib/money/salary';
import { paths } from '@/lib/routing/paths';

import { kSearchScopes } from '@/features/landing/components/home-search';

interface BlockProps {
  front: HomeFront;
  catalog: CatalogIndex;
}

// "1 234 orders · 560 freelancers · 89 vacancies" under the search.
export function HomeTotals({ front }: { front: HomeFront }) {
  const { t } = useTranslation('landing');
  const lang = useLanguage();
  const { orders, freelancers, vacancies } = front.totals;
  return (
    <p className="home-totals" data-testid="home-totals">
      {[
        t('counts.orders', { count: orders, formatted: formatNumber(orders, lang) }),
        t('counts.freelancers', { count: freelancers, formatted: formatNumber(freelancers, lang) }),
        t('counts.vacancies', { count: vacancies, formatted: formatNumber(vacancies, lang) }),
      ].join(' · ')}
    </p>
  );
}

// A category's count in one list: a link to the list filtered by the category, or plain text when it is zero.
function CountLink({ to, text, count, testId }: { to: string; text: string; count: number; testId: string }) {
  return count === 0 ? (
    <span className="muted">{text}</span>
  ) : (
    <Link to={to} data-testid={testId}>
      {text}
    </Link>
  );
}

// Every category with its live counts, each count leading to its list filtered by the category.
export function HomeCategories({ front, catalog }: BlockProps) {
  const { t } = useTranslation('landing');
  const lang = useLanguage();
  return (
    <ul className="home-categories" data-testid="home-categories">
      {front.categories.map((figures) => {
        const category = catalog.category(figures.category_id);
        if (category === undefined) return null;
        const amount = (count: number) => formatNumber(count, lang);
        return (
          <li key={figures.category_id} className="home-category">
            <h3>
              <Link to={paths.orders(lang, category.code)}>{catalog.name(category.names)}</Link>
            </h3>
            <p>
              {kSearchScopes.map((scope) => (
                <CountLink
                  key={scope}
                  to={paths[scope](lang, category.code)}
                  text={t(`counts.${scope}`, { count: figures[scope], formatted: amount(figures[scope]) })}
                  count={figures[scope]}
                  testId={`home-category-${scope}`}
                />
              ))}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function Empty({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <div className="home-empty">
      <p className="muted">{text}</p>
      <Link className="p-button p-button-outlined p-button-sm" to={to}>
        {action}
      </Link>
    </div>
  );
}

export function HomeOrders({ front, catalog }: BlockProps) {
  const { t } = useTranslation('landing');
  const lang = useLanguage();
  if (front.orders.length === 0) {
    return <Empty text={t('orders.empty')} to={paths.createOrder(lang)} action={t('cta.post_order')} />;
  }
  return (
    <ul className="home-list" data-testid="home-orders">
      {front.orders.map((order) => {
        const category = catalog.category(order.category_id);
        return (
          <li key={order.id} className="home-item">
            <Link className="home-item-title" to={paths.order(lang, order.id)}>
              {order.name}
            </Link>
            <strong className="home-item-money">
              {order.budget === null
                ? t('orders.by_agreement')
                : formatMoney(order.budget, catalog.minorUnits(order.budget.currency), lang)}
            </strong>
            <span className="home-item-meta">
              {[
                category === undefined ? null : catalog.name(category.names),
                t('orders.bids', { count: order.bid_count }),
                formatRelative(order.created_at, lang),
              ]
                .filter((part) => part !== null)
                .join(' · ')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function HomeVacancies({ front, catalog }: BlockProps) {
  const { t } = useTranslation('landing');
  const { t: jobsT } = useTranslation(['vacancies', 'jobs']);
  const lang = useLanguage();
  if (front.vacancies.length === 0) {
    return (
      <Empty text={t('vacancies.empty')} to={paths.vacancyCreate(lang)} action={t('cta.post_vacancy')} />
    );
  }
  return (
    <ul className="home-list" data-testid="home-vacancies">
      {front.vacancies.map((vacancy) => {
        const place = placeText(catalog, vacancy.country_id, vacancy.city_id);
        return (
          <li key={vacancy.id} className="home-item">
            <Link className="home-item-title" to={paths.vacancy(lang, vacancy.id)}>
              {vacancy.title}
            </Link>
            <strong className="home-item-money">{salaryText(vacancy.salary, catalog, lang, jobsT)}</strong>
            <span className="home-item-meta">
              {[vacancy.company.name, place === '' ? null : place]
                .filter((part) => part !== null)
                .join(' · ')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function HomeFreelancers({ front, catalog }: BlockProps) {
  const { t } = useTranslation('landing');
  const lang = useLanguage();
  if (front.freelancers.length === 0) {
    return (
      <Empty text={t('freelancers.empty')} to={paths.freelancerLanding(lang)} action={t('cta.become')} />
    );
  }
  return (
    <ul className="home-people" data-testid="home-freelancers">
      {front.freelancers.map((freelancer) => {
        const specialization = catalog.specialization(freelancer.main_specialization_id);
        const { rating, review_count: reviews } = freelancer.stats;
        return (
          <li key={freelancer.user.id} className="home-person">
            <img
              src={freelancer.user.avatar ?? kDefaultAvatar}
              alt=""
              width={48}
              height={48}
              loading="lazy"
            />
            <div>
              <Link
                className="home-item-title"
                to={paths.freelancer(lang, freelancer.slug ?? freelancer.user.id)}
              >
                {fullName(freelancer.user)}
              </Link>
              <span className="home-item-meta">
                {freelancer.headline !== ''
                  ? freelancer.headline
                  : specialization === undefined
                    ? ''
                    : catalog.name(specialization.names)}
              </span>
              <span className="home-item-meta">
                {rating === null
                  ? t('freelancers.no_reviews')
                  : t('freelancers.rating', { rating: formatNumber(rating, lang, 1), count: reviews })}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
