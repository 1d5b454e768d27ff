import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError, serverError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import { useCreatePriceMutation, useUpdatePriceMutation } from '@/features/profiles/api/profiles-api';
import { Counter, EditDialog, formLevelError } from '@/features/profiles/components/edit-dialog';
import {
  kPriceUnits,
  priceDraft,
  toPriceInput,
  type PriceDraft,
} from '@/features/profiles/model/price-draft';
import { fieldErrors } from '@/lib/api/api-error';
import type { Price } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';

// A service and its price, new or edited: name, description (≤ 500), fixed or "from", amount, currency, unit.
export function PriceForm({
  price,
  catalog,
  onHide,
}: {
  price: Price | null;
  catalog: CatalogIndex;
  onHide: () => void;
}) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const [draft, setDraft] = useState(() => priceDraft(price, catalog.minorUnits));
  const [checked, setChecked] = useState(false);
  const [create, created] = useCreatePriceMutation();
  const [update, updated] = useUpdatePriceMutation();
  const { error, isLoading } = price === null ? created : updated;
  const set = (patch: Partial<PriceDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const converted = toPriceInput(draft, catalog.minorUnits, lang);
  const problems = 'problems' in converted ? converted.problems : {};
  const errors = fieldErrors(error);
  const problem = (field: 'name' | 'description' | 'amount') => {
    const key = problems[field];
    const own =
      key !== undefined && (checked || field === 'description') ? t(key as 'name_required') : undefined;
    return own ?? serverError(errors, field);
  };
  const submit = async () => {
    setChecked(true);
    if (!('input' in converted)) return;
    const result =
      price === null
        ? await create({ priceInput: converted.input })
        : await update({ id: price.id, priceInput: converted.input });
    if ('data' in result) {
      showToast({ severity: 'success', summary: t('profile.saved') });
      onHide();
    }
  };
  return (
    <EditDialog
      header={t(price === null ? 'prices.add' : 'prices.edit')}
      onHide={onHide}
      onSubmit={() => void submit()}
      saving={isLoading}
      alert={formLevelError(error, ['name', 'description', 'kind', 'amount', 'currency', 'unit'])}
      testId="price-form"
    >
      <TextField
        id="price-name"
        label={t('prices.name')}
        name="name"
        required
        value={draft.name}
        onChange={(name) => set({ name })}
        error={problem('name')}
      />
      <TextField
        id="price-description"
        label={t('prices.description')}
        name="description"
        rows={3}
        value={draft.description}
        onChange={(description) => set({ description })}
        error={problem('description')}
        hint={<Counter count={draft.description.length} max={500} />}
      />
      <div className="field">
        <span className="field-label">{t('prices.kind')}</span>
        <SelectButton
          value={draft.kind}
          allowEmpty={false}
          options={[
            { label: t('prices.kind_fixed'), value: 'fixed' },
            { label: t('prices.kind_from'), value: 'from' },
          ]}
          onChange={(event) => set({ kind: event.value as Price['kind'] })}
        />
      </div>
      <div className="field">
        <label htmlFor="price-amount" className="field-label">
          {t('prices.amount')}
        </label>
        <div className="money-input">
          <InputText
            id="price-amount"
            name="amount"
            inputMode="decimal"
            value={draft.amount}
            invalid={problem('amount') !== undefined}
            onChange={(event) => set({ amount: event.target.value })}
          />
          <Dropdown
            aria-label={t('prices.currency')}
            value={draft.currency}
            options={catalog.currencyOptions()}
            onChange={(event) => set({ currency: event.value as string })}
          />
          <Dropdown
            aria-label={t('prices.unit')}
            inputId="price-unit"
            value={draft.unit}
            options={kPriceUnits.map((unit) => ({ label: t(`prices.units.${unit}`), value: unit }))}
            onChange={(event) => set({ unit: event.value as Price['unit'] })}
          />
        </div>
        <FieldError message={problem('amount')} />
      </div>
    </EditDialog>
  );
}
