import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { OrderSummary } from '@/lib/api/schema.generated';
import { budgetText } from '@/features/orders/components/order-facts';
import { StateBadge } from '@/features/orders/components/state-badge';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { formatDateTime, formatRelative } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export interface OrderCardProps {
  order: OrderSummary;
  catalog: CatalogIndex;
  showState?: boolean;
}

export function OrderCard({ order, catalog, showState = false }: OrderCardProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const category = catalog.category(order.category_id);
  const specialization =
    order.specialization_id === null ? undefined : catalog.specialization(order.specialization_id);
  return (
    <article className="order-card" data-testid="order-card">
      <div className="order-card-head">
        <h2>
          <Link to={paths.order(lang, order.id)}>{order.name}</Link>
        </h2>
        <strong className="order-card-budget">
          {budgetText(order, catalog, lang, t('order.by_agreement'))}
        </strong>
      </div>
      <p className="order-card-excerpt">{order.excerpt}</p>
      <div className="order-card-meta">
        {showState && <StateBadge state={order.state} />}
        {order.personal && <span className="badge badge-warn">{t('order.personal')}</span>}
        {order.portfolio_required && <span className="badge">{t('order.portfolio_required')}</span>}
        <span>
          {[category, specialization]
            .filter((item) => item !== undefined)
            .map((item) => catalog.name(item.names))
            .join(' · ')}
        </span>
        <span>
          <span className="pi pi-clock" aria-hidden="true" />{' '}
          {order.deadline_at === null ? t('order.by_agreement') : formatDateTime(order.deadline_at, lang)}
        </span>
        <span>{t(`payment.${order.payment_option}`)}</span>
        <span>{t('list.bids', { count: order.bid_count })}</span>
        <time
          className="muted"
          dateTime={order.created_at}
          title={formatDateTime(order.created_at, lang)}
          data-testid="order-posted"
        >
          {t('order.posted', { date: formatRelative(order.created_at, lang) })}
        </time>
      </div>
      {order.skill_ids.length > 0 && (
        <ul className="chips">
          {order.skill_ids.map((id) => {
            const skill = catalog.skill(id);
            return skill === undefined ? null : <li key={id}>{catalog.name(skill.names)}</li>;
          })}
        </ul>
      )}
    </article>
  );
}
