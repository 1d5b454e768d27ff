import { useTranslation } from 'react-i18next';

import type { OrderState } from '@/lib/api/schema.generated';

export interface StateBadgeProps {
  state: OrderState;
}

const kClass: Record<OrderState, string> = {
  search: 'badge badge-success',
  expired: 'badge badge-warn',
  closed: 'badge badge-muted',
  in_progress: 'badge',
  completed: 'badge badge-done',
};

export function StateBadge({ state }: StateBadgeProps) {
  const { t } = useTranslation('orders');
  return (
    <span className={kClass[state]} data-testid="order-state">
      {t(`state.${state}`)}
    </span>
  );
}
