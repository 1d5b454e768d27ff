import '@/styles/wallet.css';

import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { QueryError } from '@/components/query-state';
import { PageLoader } from '@/components/page-loader';
import { serverError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import {
  useGetTopupQuery,
  useSandboxConfirmMutation,
  useSandboxPayMutation,
  walletChanged,
} from '@/features/wallet/api/wallet-api';
import { formatAmount } from '@/features/wallet/model/money';
import { checkoutReturn, walletPaths } from '@/features/wallet/paths';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';

const kTestCards = [
  { number: '4242 4242 4242 4242', outcome: 'card_succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'card_declined' },
  { number: '4000 0000 0000 3220', outcome: 'card_3ds' },
] as const;

// The sandbox acquirer's hosted checkout, served by Artel itself and marked as a TEST page: a test card (and a
// 3-D Secure code when the card asks for one); the outcome reaches the wallet as the acquirer's signed webhook,
// so the page waits for the top-up's final state.
export default function SandboxCheckoutPage() {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const dispatch = useAppDispatch();
  useDocumentTitle(t('checkout.title'));
  const id = Number(useParams().id);
  // Started from a deal that was short: "back" leads to its order.
  const returnTo = checkoutReturn(useSearchParams()[0].get('return'), lang);
  const valid = Number.isSafeInteger(id);
  const topup = useGetTopupQuery({ id }, { skip: !valid });
  // While the acquirer's webhook is on its way: a second subscription to the same top-up that polls it.
  useGetTopupQuery({ id }, { skip: !valid || topup.data?.status !== 'processing', pollingInterval: 700 });
  const [card, setCard] = useState('');
  const [code, setCode] = useState('');
  const [pay, paid] = useSandboxPayMutation();
  const [confirm, confirmed] = useSandboxConfirmMutation();
  const status = topup.data?.status;

  useEffect(() => {
    if (status === 'succeeded') dispatch(walletChanged());
  }, [status, dispatch]);

  const banner = (
    <div className="sandbox-banner" role="note" data-testid="sandbox-banner">
      <span className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{t('checkout.test_banner')}</span>
    </div>
  );

  if (topup.data === undefined) {
    const notFound = errorStatus(topup.error) === 404 || !Number.isSafeInteger(id);
    return (
      <section className="page page-narrow sandbox-page">
        {banner}
        {topup.error === undefined && Number.isSafeInteger(id) ? (
          <PageLoader />
        ) : notFound ? (
          <div className="card">
            <p data-testid="checkout-not-found">{t('checkout.not_found')}</p>
            <Link to={walletPaths.bill(lang)}>{t('checkout.back')}</Link>
          </div>
        ) : (
          <QueryError error={topup.error} retrying={topup.isFetching} onRetry={() => void topup.refetch()} />
        )}
      </section>
    );
  }

  const payment = topup.data;
  const amount = formatAmount(payment.amount, payment.currency, lang);
  const payErrors = fieldErrors(paid.error);
  const confirmErrors = fieldErrors(confirmed.error);
  return (
    <section className="page page-narrow sandbox-page" data-testid="sandbox-page">
      {banner}
      <div className="card sandbox-card">
        <p className="muted">{t('checkout.merchant')}</p>
        <h1>{t('checkout.title')}</h1>
        <p className="sandbox-amount">
          <span className="muted">{t('checkout.amount')}</span>
          <strong data-testid="checkout-amount">{amount}</strong>
        </p>

        {payment.status === 'pending' && (
          <form
            className="sandbox-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void pay({ id, body: { card_number: card } });
            }}
          >
            <TextField
              label={t('checkout.card_number')}
              name="card_number"
              id="sandbox-card"
              value={card}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={32}
              placeholder="4242 4242 4242 4242"
              error={serverError(payErrors, 'card_number')}
              onChange={setCard}
            />
            <Button
              type="submit"
              label={t('checkout.pay', { amount })}
              loading={paid.isLoading}
              data-testid="sandbox-pay"
            />
            <div className="sandbox-cards">
              <p className="muted">{t('checkout.cards_title')}</p>
              <ul>
                {kTestCards.map((test) => (
                  <li key={test.number}>
                    <button type="button" className="link-button" onClick={() => setCard(test.number)}>
                      {test.number}
                    </button>{' '}
                    <span className="muted">— {t(`checkout.${test.outcome}`)}</span>
                  </li>
                ))}
              </ul>
            </div>
          </form>
        )}

        {payment.status === 'waiting_for_confirmation' && (
          <form
            className="sandbox-form"
            noValidate
            data-testid="sandbox-3ds"
            onSubmit={(event) => {
              event.preventDefault();
              void confirm({ id, body: { code } });
            }}
          >
            <h2>{t('checkout.confirm_title')}</h2>
            <p>{t('checkout.confirm_text')}</p>
            <TextField
              label={t('checkout.code')}
              name="code"
              id="sandbox-code"
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              hint={t('checkout.code_hint')}
              error={serverError(confirmErrors, 'code')}
              onChange={setCode}
            />
            <Button
              type="submit"
              label={t('checkout.confirm')}
              loading={confirmed.isLoading}
              data-testid="sandbox-confirm"
            />
          </form>
        )}

        {payment.status === 'processing' && (
          <p className="sandbox-status" role="status" data-testid="sandbox-processing">
            <span className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('checkout.processing')}
          </p>
        )}
        {payment.status === 'succeeded' && (
          <p className="sandbox-status sandbox-succeeded" role="status" data-testid="sandbox-succeeded">
            <span className="pi pi-check-circle" aria-hidden="true" /> {t('checkout.succeeded', { amount })}
          </p>
        )}
        {payment.status === 'declined' && (
          <p className="sandbox-status sandbox-declined" role="alert" data-testid="sandbox-declined">
            <span className="pi pi-times-circle" aria-hidden="true" /> {t('checkout.declined')}
          </p>
        )}
        {(payment.status === 'succeeded' || payment.status === 'declined') && (
          <Link className="p-button" to={returnTo ?? walletPaths.bill(lang)} data-testid="sandbox-back">
            {t(returnTo === null ? 'checkout.back' : 'checkout.back_to_order')}
          </Link>
        )}
      </div>
    </section>
  );
}
