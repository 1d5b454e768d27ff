import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { serverError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useCreatePayoutMethodMutation } from '@/features/wallet/api/wallet-api';
import { errorBody, fieldErrors } from '@/lib/api/api-error';

type Kind = 'bank_card' | 'yoo_money';

// A new payout method: a card's number (the server checks it with Luhn and keeps only its last four digits and a
// gateway token) or a YooMoney wallet's number.
export function MethodForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation('wallet');
  const [kind, setKind] = useState<Kind>('bank_card');
  const [number, setNumber] = useState('');
  const [create, created] = useCreatePayoutMethodMutation();
  const server = fieldErrors(created.error);
  const other =
    created.error !== undefined && Object.keys(server).length === 0 ? errorBody(created.error) : null;
  const submit = async () => {
    const result = await create({ payoutMethodInput: { kind, number } });
    if ('data' in result && result.data !== undefined) onSaved();
  };
  return (
    <form
      className="payout-method-form"
      data-testid="payout-method-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3>{t('payouts.method_form.title')}</h3>
      {other !== null && <FormAlert severity="error">{other.message}</FormAlert>}
      <SelectButton
        value={kind}
        allowEmpty={false}
        aria-label={t('payouts.method_form.kind')}
        options={(['bank_card', 'yoo_money'] as const).map((value) => ({
          value,
          label: t(`payouts.kind.${value}`),
        }))}
        onChange={(event) => setKind(event.value as Kind)}
      />
      {serverError(server, 'kind') !== undefined && (
        <FormAlert severity="error">{serverError(server, 'kind')}</FormAlert>
      )}
      <TextField
        label={t(
          kind === 'bank_card' ? 'payouts.method_form.card_number' : 'payouts.method_form.wallet_number',
        )}
        name="number"
        id="payout-method-number"
        value={number}
        inputMode="numeric"
        autoComplete={kind === 'bank_card' ? 'cc-number' : 'off'}
        maxLength={40}
        hint={kind === 'bank_card' ? t('payouts.method_form.hint') : undefined}
        error={serverError(server, 'number')}
        onChange={setNumber}
      />
      <div className="form-actions">
        <Button type="button" text label={t('payouts.method_form.cancel')} onClick={onCancel} />
        <Button
          type="submit"
          label={t('payouts.method_form.submit')}
          loading={created.isLoading}
          data-testid="payout-method-save"
        />
      </div>
    </form>
  );
}
