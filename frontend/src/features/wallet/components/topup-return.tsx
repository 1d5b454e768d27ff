import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { QueryError } from '@/components/query-state';
import { useGetTopupQuery, walletChanged } from '@/features/wallet/api/wallet-api';
import { formatAmount } from '@/features/wallet/model/money';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { errorStatus } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';

export interface TopupReturnProps {
  id: number;
  onDismiss: () => void;
}

const kPollMs = 1500;

// Back on /{lang}/bill?topup=<id> from an external checkout (YooKassa's): the payment's outcome reaches the
// wallet as the gateway's notification, maybe after the payer is back, so the notice polls the top-up until it
// is settled, then the balances are fetched again.
export function TopupReturn({ id, onDismiss }: TopupReturnProps) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const dispatch = useAppDispatch();
  const topup = useGetTopupQuery({ id });
  const status = topup.data?.status;
  const settled = status === 'succeeded' || status === 'declined';
  // While the notification is on its way: a second subscription to the same top-up that polls it.
  useGetTopupQuery({ id }, { skip: topup.data === undefined || settled, pollingInterval: kPollMs });

  useEffect(() => {
    if (status === 'succeeded') dispatch(walletChanged());
  }, [status, dispatch]);

  const dismiss = <Button type="button" text size="small" label={t('return.dismiss')} onClick={onDismiss} />;

  if (topup.data === undefined) {
    if (topup.error === undefined) {
      return (
        <div className="card topup-return" role="status" data-testid="topup-return">
          <span className="sandbox-status">
            <span className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('return.checking')}
          </span>
        </div>
      );
    }
    if (errorStatus(topup.error) === 404) {
      return (
        <div className="card topup-return" role="alert" data-testid="topup-return-not-found">
          <span>{t('checkout.not_found')}</span>
          {dismiss}
        </div>
      );
    }
    return (
      <QueryError error={topup.error} retrying={topup.isFetching} onRetry={() => void topup.refetch()} />
    );
  }

  const amount = formatAmount(topup.data.amount, topup.data.currency, lang);
  return (
    <div
      className="card topup-return"
      role={status === 'declined' ? 'alert' : 'status'}
      data-testid={`topup-return-${status}`}
    >
      {status === 'succeeded' ? (
        <span className="sandbox-status sandbox-succeeded">
          <span className="pi pi-check-circle" aria-hidden="true" /> {t('return.succeeded', { amount })}
        </span>
      ) : status === 'declined' ? (
        <span className="sandbox-status sandbox-declined">
          <span className="pi pi-times-circle" aria-hidden="true" /> {t('return.declined', { amount })}
        </span>
      ) : (
        <span className="sandbox-status">
          <span className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('return.waiting', { amount })}
        </span>
      )}
      {dismiss}
    </div>
  );
}
