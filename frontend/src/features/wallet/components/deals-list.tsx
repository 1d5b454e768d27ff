import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import { useListWalletDealsQuery } from '@/features/wallet/api/wallet-api';
import { formatAmount } from '@/features/wallet/model/money';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// The bill page's "Deals in escrow": the caller's safe deals (as a customer or a performer), what each holds in
// escrow and how many milestones are still open, each linking to its order.
export function DealsList() {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const deals = useListWalletDealsQuery();
  return (
    <section className="wallet-deals-section" data-testid="wallet-deals">
      <h2>{t('deal.list_title')}</h2>
      <QueryState
        result={deals}
        isEmpty={(data) => data.deals.length === 0}
        empty={<p className="muted">{t('deal.list_empty')}</p>}
      >
        {(data) => (
          <ul className="wallet-deals">
            {data.deals.map((deal) => (
              <li key={deal.id} className="card wallet-deal" data-testid={`wallet-deal-${deal.order_id}`}>
                <div>
                  <Link to={paths.order(lang, deal.order_id)}>{deal.order_name}</Link>
                  <div className="muted">
                    {t(deal.role === 'customer' ? 'deal.list_role_customer' : 'deal.list_role_performer')}
                    {' · '}
                    {t('deal.list_open', { count: deal.open_milestones })}
                  </div>
                </div>
                <div>
                  <span className="muted">{t('deal.in_escrow')}: </span>
                  <strong>{formatAmount(deal.in_escrow, deal.currency, lang)}</strong>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
