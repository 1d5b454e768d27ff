import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { FieldError, serverError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useCreateTopupMutation } from '@/features/wallet/api/wallet-api';
import {
  kWalletCurrencies,
  newIdempotencyKey,
  toDecimalString,
  type WalletCurrencyCode,
} from '@/features/wallet/model/money';
import { walletPaths } from '@/features/wallet/paths';
import { errorBody, fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';

export interface TopupDialogProps {
  currency: WalletCurrencyCode;
  onClose: () => void;
  // The amount to start with, as typed in the language (a deal's shortfall).
  amount?: string;
  // Where the checkout's "back" leads once the payment is done (a path of this site; the wallet by default).
  returnTo?: string;
}

// "Top up": an amount and a currency; the server starts the payment and answers where to confirm it (the
// sandbox's test checkout, a page of this SPA, or the configured gateway's own checkout). One Idempotency-Key per
// amount and currency the user means: a double click or a retry after a lost answer starts one payment, not two
// (and after a 503 wallet:gateway.* the same key resumes the same payment).
export function TopupDialog({
  currency: initialCurrency,
  onClose,
  amount: initialAmount = '',
  returnTo,
}: TopupDialogProps) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [amount, setAmount] = useState(initialAmount);
  const [currency, setCurrency] = useState<WalletCurrencyCode>(initialCurrency);
  const [createTopup, created] = useCreateTopupMutation();
  const key = useRef({ request: '', value: newIdempotencyKey() });
  const server = fieldErrors(created.error);
  const other =
    created.error !== undefined && Object.keys(server).length === 0 ? errorBody(created.error) : null;

  const submit = async () => {
    const decimal = toDecimalString(amount, lang);
    const request = `${decimal} ${currency}`;
    if (key.current.request !== request) key.current = { request, value: newIdempotencyKey() };
    const result = await createTopup({
      'Idempotency-Key': key.current.value,
      topupInput: { amount: decimal, currency },
    });
    if ('data' in result && result.data !== undefined) {
      if (result.data.gateway === 'sandbox') {
        navigate(walletPaths.sandbox(lang, result.data.id, returnTo));
      } else {
        // A real acquirer's hosted checkout (YooKassa's): it sends the payer back to /{lang}/bill?topup=<id>.
        window.location.assign(result.data.confirmation_url);
      }
    }
  };

  return (
    <Dialog
      header={t('topup.title')}
      visible
      onHide={onClose}
      style={{ width: 'min(28rem, 94vw)' }}
      footer={
        <div className="form-actions">
          <Button type="button" text label={t('topup.cancel')} onClick={onClose} />
          <Button
            type="submit"
            form="topup-form"
            label={t('topup.submit')}
            loading={created.isLoading}
            data-testid="topup-submit"
          />
        </div>
      }
    >
      <form
        id="topup-form"
        className="topup-form"
        data-testid="topup-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {other !== null && <FormAlert severity="error">{other.message}</FormAlert>}
        <div className="topup-row">
          <TextField
            label={t('topup.amount')}
            name="amount"
            id="topup-amount"
            value={amount}
            inputMode="decimal"
            autoComplete="off"
            maxLength={32}
            placeholder="1500"
            error={serverError(server, 'amount')}
            onChange={setAmount}
          />
          <div className="field topup-currency">
            <label className="field-label" htmlFor="topup-currency">
              {t('topup.currency')}
            </label>
            <Dropdown
              inputId="topup-currency"
              value={currency}
              options={kWalletCurrencies.map((code) => ({ value: code, label: code }))}
              onChange={(event) => setCurrency(event.value as WalletCurrencyCode)}
            />
            <FieldError message={serverError(server, 'currency')} />
          </div>
        </div>
        <p className="muted topup-hint">{t('topup.hint')}</p>
      </form>
    </Dialog>
  );
}
