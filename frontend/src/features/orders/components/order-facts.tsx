import { useTranslation } from 'react-i18next';

import type { OrderSummary } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { formatDateTime } from '@/lib/format/format';
import { formatMoney } from '@/lib/money/money';
import { useLanguage } from '@/lib/i18n/use-language';

export interface OrderFactsProps {
  order: OrderSummary;
  catalog: CatalogIndex;
}

export function budgetText(
  order: Pick<OrderSummary, 'budget'>,
  catalog: CatalogIndex,
  language: string,
  byAgreement: string,
): string {
  return order.budget === null
    ? byAgreement
    : formatMoney(order.budget, catalog.minorUnits(order.budget.currency), language);
}

export function locationText(order: OrderSummary, catalog: CatalogIndex, remote: string): string {
  const country = order.country_id === null ? undefined : catalog.country(order.country_id);
  const city = order.city_id === null ? undefined : catalog.city(order.city_id);
  const parts = [country, city].filter((item) => item !== undefined).map((item) => catalog.name(item.names));
  return parts.length === 0 ? remote : parts.join(', ');
}

// Budget, deadline, payment and place as a definition list.
export function OrderFacts({ order, catalog }: OrderFactsProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  return (
    <dl className="order-facts">
      <div>
        <dt>{t('order.budget')}</dt>
        <dd data-testid="order-budget">{budgetText(order, catalog, lang, t('order.by_agreement'))}</dd>
      </div>
      <div>
        <dt>{t('order.deadline')}</dt>
        <dd>
          {order.deadline_at === null ? t('order.by_agreement') : formatDateTime(order.deadline_at, lang)}
        </dd>
      </div>
      <div>
        <dt>{t('order.payment')}</dt>
        <dd>{t(`payment.${order.payment_option}`)}</dd>
      </div>
      <div>
        <dt>{t('order.location')}</dt>
        <dd>{locationText(order, catalog, t('order.anywhere'))}</dd>
      </div>
    </dl>
  );
}
