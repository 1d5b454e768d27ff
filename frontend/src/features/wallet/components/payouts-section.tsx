import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

import { QueryState } from '@/components/query-state';
import {
  useCancelPayoutMutation,
  useDeletePayoutMethodMutation,
  useListPayoutMethodsQuery,
  useListPayoutsQuery,
} from '@/features/wallet/api/wallet-api';
import { formatAmount } from '@/features/wallet/model/money';
import type { Payout } from '@/lib/api/schema.generated';
import { formatDateTime } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

const kMoving = new Set(['approved', 'processing']);

function PayoutRow({ payout }: { payout: Payout }) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const [cancel, canceling] = useCancelPayoutMutation();
  const ended = ['failed', 'rejected', 'canceled'].includes(payout.status);
  return (
    <li className="card payout-item" data-testid="payout" data-status={payout.status}>
      <div className="payout-head">
        <strong className={ended ? 'payout-amount muted' : 'payout-amount'}>
          {formatAmount(payout.amount, payout.currency, lang)}
        </strong>
        <span className={`payout-status payout-status-${payout.status}`} data-testid="payout-status">
          {t(`payouts.status.${payout.status}`)}
        </span>
      </div>
      <div className="muted small">
        {t(`payouts.kind.${payout.method_kind}`)} {payout.method_masked} ·{' '}
        {formatDateTime(payout.created_at, lang)}
      </div>
      {payout.status === 'pending_approval' && payout.approvals_needed > 1 && (
        <div className="muted small">
          {t('payouts.approvals', { approvals: payout.approvals, needed: payout.approvals_needed })}
        </div>
      )}
      {payout.reason !== null && (
        <div className="small">{t('payouts.reason', { reason: payout.reason })}</div>
      )}
      {payout.status === 'failed' && <div className="small">{t('payouts.failure')}</div>}
      {payout.status === 'pending_approval' && (
        <Button
          type="button"
          outlined
          size="small"
          severity="secondary"
          label={canceling.isLoading ? t('payouts.canceling') : t('payouts.cancel')}
          disabled={canceling.isLoading}
          // One key per payout: a double click or a retry cancels once.
          onClick={() => void cancel({ id: payout.id, 'Idempotency-Key': `payout-cancel-${payout.id}` })}
          data-testid="payout-cancel"
        />
      )}
    </li>
  );
}

// The bill page's payouts: the saved cards and wallets (delete), and the payouts with their states. While one is
// on its way the list is polled, so "On its way" turns into "Paid out" (or "Failed, money returned") by itself.
export function PayoutsSection() {
  const { t } = useTranslation('wallet');
  const probe = useListPayoutsQuery();
  const moving = (probe.data?.payouts ?? []).some((payout) => kMoving.has(payout.status));
  const payouts = useListPayoutsQuery(undefined, { pollingInterval: moving ? 2000 : 0 });
  const methods = useListPayoutMethodsQuery();
  const [remove] = useDeletePayoutMethodMutation();
  return (
    <section className="wallet-payouts-section" data-testid="wallet-payouts">
      <h2>{t('payouts.title')}</h2>
      <QueryState result={methods}>
        {(data) =>
          data.methods.length === 0 ? (
            <p className="muted small">{t('payouts.methods_empty')}</p>
          ) : (
            <ul className="payout-methods" aria-label={t('payouts.methods_title')}>
              {data.methods.map((method) => {
                const name = `${t(`payouts.kind.${method.kind}`)} ${method.masked}`;
                return (
                  <li key={method.id} className="payout-method" data-testid="payout-method-item">
                    <span
                      className={`pi ${method.kind === 'bank_card' ? 'pi-credit-card' : 'pi-wallet'}`}
                      aria-hidden
                    />
                    <span>{name}</span>
                    <Button
                      type="button"
                      text
                      rounded
                      size="small"
                      icon="pi pi-trash"
                      aria-label={t('payouts.delete_method', { name })}
                      onClick={() => void remove({ id: method.id })}
                    />
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
      <QueryState
        result={payouts}
        isEmpty={(data) => data.payouts.length === 0}
        empty={<p className="muted">{t('payouts.empty')}</p>}
      >
        {(data) => (
          <ul className="payout-list" aria-label={t('payouts.count', { count: data.payouts.length })}>
            {data.payouts.map((payout) => (
              <PayoutRow key={payout.id} payout={payout} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
