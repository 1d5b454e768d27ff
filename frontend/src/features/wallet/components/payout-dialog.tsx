import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError, serverError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { QueryState } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useCreatePayoutMutation,
  useListPayoutMethodsQuery,
  useListPayoutsQuery,
} from '@/features/wallet/api/wallet-api';
import { MethodForm } from '@/features/wallet/components/method-form';
import { formatAmount, newIdempotencyKey, toDecimalString } from '@/features/wallet/model/money';
import { errorBody, fieldErrors } from '@/lib/api/api-error';
import type { PayoutLimits, PayoutMethod } from '@/lib/api/schema.generated';
import { useLanguage } from '@/lib/i18n/use-language';

export interface PayoutDialogProps {
  onClose: () => void;
  onDone: (status: string) => void;
}

function Limits({ limits }: { limits: PayoutLimits }) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const money = (amount: string) => formatAmount(amount, limits.currency, lang);
  return (
    <div className="payout-limits muted small" data-testid="payout-limits">
      <p>
        <strong>{t('payouts.dialog.available', { amount: money(limits.available) })}</strong>
      </p>
      <p>
        {t('payouts.dialog.limits', {
          min: money(limits.min),
          max: money(limits.max),
          today: money(limits.left_today),
          month: money(limits.left_this_month),
        })}{' '}
        {t('payouts.dialog.payouts_left', { count: limits.payouts_left_today })}
      </p>
      <p>{t('payouts.dialog.approval', { amount: money(limits.approval_threshold) })}</p>
    </div>
  );
}

function PayoutForm({
  methods,
  limits,
  onDone,
}: {
  methods: PayoutMethod[];
  limits: PayoutLimits[];
  onDone: (status: string) => void;
}) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const [methodId, setMethodId] = useState<number | null>(methods[0]?.id ?? null);
  const [currency, setCurrency] = useState<string>(limits[0]?.currency ?? 'RUB');
  const [amount, setAmount] = useState('');
  const [createPayout, created] = useCreatePayoutMutation();
  // One Idempotency-Key per payout the user means: a double click or a retry after a lost answer makes one.
  const key = useRef({ request: '', value: newIdempotencyKey() });
  const server = fieldErrors(created.error);
  const other =
    created.error !== undefined && Object.keys(server).length === 0 ? errorBody(created.error) : null;
  const current = limits.find((item) => item.currency === currency);

  const submit = async () => {
    if (methodId === null) return;
    const decimal = toDecimalString(amount, lang);
    const request = `${methodId} ${decimal} ${currency}`;
    if (key.current.request !== request) key.current = { request, value: newIdempotencyKey() };
    const result = await createPayout({
      'Idempotency-Key': key.current.value,
      payoutInput: { method_id: methodId, amount: decimal, currency },
    });
    if ('data' in result && result.data !== undefined) onDone(result.data.status);
  };

  return (
    <form
      id="payout-form"
      className="topup-form"
      data-testid="payout-dialog"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {other !== null && <FormAlert severity="error">{other.message}</FormAlert>}
      <div className="field">
        <label className="field-label" htmlFor="payout-method">
          {t('payouts.dialog.method')}
        </label>
        <Dropdown
          inputId="payout-method"
          value={methodId}
          options={methods.map((method) => ({
            value: method.id,
            label: `${t(`payouts.kind.${method.kind}`)} ${method.masked}`,
          }))}
          onChange={(event) => setMethodId(event.value as number)}
          data-testid="payout-method"
        />
        <FieldError message={serverError(server, 'method_id')} />
      </div>
      <div className="topup-row">
        <TextField
          label={t('payouts.dialog.amount')}
          name="amount"
          id="payout-amount"
          value={amount}
          inputMode="decimal"
          autoComplete="off"
          maxLength={32}
          placeholder="1500"
          error={serverError(server, 'amount')}
          onChange={setAmount}
        />
        <div className="field topup-currency">
          <label className="field-label" htmlFor="payout-currency">
            {t('payouts.dialog.currency')}
          </label>
          <Dropdown
            inputId="payout-currency"
            value={currency}
            options={limits.map((item) => ({ value: item.currency, label: item.currency }))}
            onChange={(event) => setCurrency(event.value as string)}
          />
          <FieldError message={serverError(server, 'currency')} />
        </div>
      </div>
      {current !== undefined && <Limits limits={current} />}
      <Button
        type="submit"
        label={t('payouts.dialog.submit')}
        loading={created.isLoading}
        data-testid="payout-submit"
      />
    </form>
  );
}

// "Withdraw": a saved card or YooMoney wallet (or a new one first), an amount and a currency, and what is left
// under the limits. The server checks everything again and answers a localized 422 per field.
export function PayoutDialog({ onClose, onDone }: PayoutDialogProps) {
  const { t } = useTranslation('wallet');
  const methods = useListPayoutMethodsQuery();
  const payouts = useListPayoutsQuery();
  const [adding, setAdding] = useState(false);
  return (
    <Dialog
      header={t('payouts.dialog.title')}
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 94vw)' }}
      footer={<Button type="button" text label={t('payouts.dialog.close')} onClick={onClose} />}
    >
      <QueryState result={methods}>
        {(list) =>
          adding || list.methods.length === 0 ? (
            <>
              {list.methods.length === 0 && <p className="muted">{t('payouts.dialog.no_methods')}</p>}
              <MethodForm
                onSaved={() => setAdding(false)}
                onCancel={list.methods.length === 0 ? onClose : () => setAdding(false)}
              />
            </>
          ) : (
            <QueryState result={payouts}>
              {(data) => (
                <>
                  <PayoutForm methods={list.methods} limits={data.limits} onDone={onDone} />
                  <Button
                    type="button"
                    link
                    icon="pi pi-plus"
                    label={t('payouts.add_method')}
                    onClick={() => setAdding(true)}
                    data-testid="payout-add-method"
                  />
                </>
              )}
            </QueryState>
          )
        }
      </QueryState>
    </Dialog>
  );
}
