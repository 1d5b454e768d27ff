import '@/styles/wallet.css';

import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import { FormAlert } from '@/components/form-alert';
import { DealsList } from '@/features/wallet/components/deals-list';
import { PayoutDialog } from '@/features/wallet/components/payout-dialog';
import { PayoutsSection } from '@/features/wallet/components/payouts-section';
import { StatementList } from '@/features/wallet/components/statement-list';
import { TopupDialog } from '@/features/wallet/components/topup-dialog';
import { TopupReturn } from '@/features/wallet/components/topup-return';
import { useGetWalletQuery } from '@/features/wallet/api/wallet-api';
import { formatAmount, type WalletCurrencyCode } from '@/features/wallet/model/money';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';

// /{lang}/bill: the balances per currency (available, and what pending holds reserve), "Top up" (→ the gateway's
// checkout), "Withdraw" (a payout to a saved card or YooMoney wallet), the safe deals in escrow, the payouts with
// their states, and the statement. Back from an external checkout (`?topup=<id>`, the
// gateway's return_url) a notice above the balances follows that top-up until it is settled.
export default function WalletPage() {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  useDocumentTitle(t('page.title'));
  const wallet = useGetWalletQuery();
  const [topup, setTopup] = useState<WalletCurrencyCode | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [requested, setRequested] = useState<string | null>(null);
  const defaultCurrency: WalletCurrencyCode = lang === 'ru' ? 'RUB' : 'USD';
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = Number(searchParams.get('topup') ?? Number.NaN);
  const hideReturn = () =>
    setSearchParams(
      (params) => {
        params.delete('topup');
        return params;
      },
      { replace: true },
    );
  return (
    <section className="page wallet-page" data-testid="wallet-page">
      <div className="card-header-row wallet-header">
        <div>
          <h1>{t('page.title')}</h1>
          <p className="muted">{t('page.subtitle')}</p>
        </div>
        <div className="wallet-header-actions">
          <Button
            type="button"
            outlined
            icon="pi pi-arrow-up-right"
            label={t('payouts.withdraw')}
            onClick={() => {
              setRequested(null);
              setWithdrawing(true);
            }}
            data-testid="payout-open"
          />
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('page.topup')}
            onClick={() => setTopup(defaultCurrency)}
            data-testid="topup-open"
          />
        </div>
      </div>
      {requested !== null && (
        <FormAlert severity="success">
          <span data-testid="payout-requested">
            {t('payouts.dialog.done', {
              status: t(`payouts.status.${requested}` as 'payouts.status.approved'),
            })}
          </span>
        </FormAlert>
      )}
      {Number.isSafeInteger(returned) && returned > 0 && (
        <TopupReturn key={returned} id={returned} onDismiss={hideReturn} />
      )}
      <h2 className="visually-hidden">{t('page.balances')}</h2>
      <QueryState
        result={wallet}
        isEmpty={(data) => data.balances.length === 0}
        empty={
          <div className="card wallet-empty" data-testid="wallet-empty">
            <span className="pi pi-wallet" aria-hidden="true" />
            <p>{t('page.empty')}</p>
          </div>
        }
      >
        {(data) => (
          <ul className="wallet-balances">
            {data.balances.map((balance) => (
              <li
                key={balance.currency}
                className="card wallet-balance"
                data-testid={`balance-${balance.currency}`}
              >
                <span className="wallet-currency">{balance.currency}</span>
                <span className="muted">{t('page.available')}</span>
                <strong className="wallet-amount" data-testid="balance-available">
                  {formatAmount(balance.available, balance.currency, lang)}
                </strong>
                {Number(balance.on_hold) > 0 && (
                  <span className="muted wallet-held">
                    {t('page.on_hold', { amount: formatAmount(balance.on_hold, balance.currency, lang) })}
                  </span>
                )}
                <Button
                  type="button"
                  outlined
                  size="small"
                  label={t('page.topup')}
                  onClick={() => setTopup(balance.currency)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <DealsList />
      <PayoutsSection />
      <StatementList />
      {topup !== null && <TopupDialog currency={topup} onClose={() => setTopup(null)} />}
      {withdrawing && (
        <PayoutDialog
          onClose={() => setWithdrawing(false)}
          onDone={(status) => {
            setWithdrawing(false);
            setRequested(status);
          }}
        />
      )}
    </section>
  );
}
