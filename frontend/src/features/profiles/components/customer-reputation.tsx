import { useTranslation } from 'react-i18next';

import { CustomerStats } from '@/features/profiles/components/customer-stats';
import type { CustomerStats as CustomerStatsData } from '@/lib/api/schema.generated';

// The customer's reputation on the order page's customer card (the order detail's customer_stats), so a
// performer knows whom they bid for; the app hands it to the orders feature as a slot.
export function CustomerReputation({ stats }: { stats: CustomerStatsData }) {
  const { t } = useTranslation('profiles');
  return (
    <div className="customer-reputation" data-testid="customer-reputation">
      <h3>{t('reputation.title')}</h3>
      <CustomerStats stats={stats} compact />
    </div>
  );
}
