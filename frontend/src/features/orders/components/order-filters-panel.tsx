import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AmountRangeFields, CatalogFilterFields } from '@/components/catalog-filter-fields';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { typedAmount } from '@/lib/filters/url-params';
import {
  kDeadlineBuckets,
  kEmptyFilters,
  kPaymentOptions,
  type OrderFilters,
} from '@/features/orders/model/order-filters';

export interface OrderFiltersPanelProps {
  filters: OrderFilters;
  catalog: CatalogIndex;
  categoryId: number | null;
  onChange: (next: OrderFilters) => void;
}

// SPEC §2 advanced filters. Lists apply at once; typed amounts apply with the button (or Enter).
export function OrderFiltersPanel({ filters, catalog, categoryId, onChange }: OrderFiltersPanelProps) {
  const { t } = useTranslation('orders');
  const [budgetMin, setBudgetMin] = useState(filters.budgetMin);
  const [budgetMax, setBudgetMax] = useState(filters.budgetMax);
  const set = (patch: Partial<OrderFilters>) => onChange({ ...filters, ...patch });
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    set({ budgetMin: typedAmount(budgetMin), budgetMax: typedAmount(budgetMax) });
  };

  return (
    <form className="filters-panel" onSubmit={onApply} aria-label={t('list.filters')}>
      <div className="filters-grid">
        <div className="field">
          <label className="field-label" htmlFor="filter-deadline">
            {t('filters.deadline')}
          </label>
          <Dropdown
            inputId="filter-deadline"
            value={filters.deadline}
            options={kDeadlineBuckets.map((value) => ({
              value,
              label: t(`filters.deadline_options.${value}`),
            }))}
            placeholder={t('filters.deadline_any')}
            showClear
            onChange={(event) => set({ deadline: event.value ?? null })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="filter-payment">
            {t('filters.payment')}
          </label>
          <Dropdown
            inputId="filter-payment"
            value={filters.payment}
            options={kPaymentOptions.map((value) => ({ value, label: t(`payment.${value}`) }))}
            placeholder={t('filters.payment_any')}
            showClear
            onChange={(event) => set({ payment: event.value ?? null })}
          />
        </div>
        <CatalogFilterFields values={filters} catalog={catalog} categoryId={categoryId} onChange={set} />
      </div>
      <div className="filter-flags">
        <div className="field-checkbox">
          <Checkbox
            inputId="filter-portfolio"
            checked={filters.portfolio}
            onChange={(event) => set({ portfolio: event.checked === true })}
          />
          <label htmlFor="filter-portfolio">{t('filters.portfolio')}</label>
        </div>
      </div>
      <AmountRangeFields
        legend={t('filters.budget')}
        name="budget"
        min={budgetMin}
        max={budgetMax}
        currency={filters.currency}
        catalog={catalog}
        onMin={setBudgetMin}
        onMax={setBudgetMax}
        onCurrency={(currency) => set({ currency })}
      >
        <Button type="submit" label={t('filters.apply')} outlined />
        <Button
          type="button"
          label={t('list.reset')}
          text
          onClick={() => {
            setBudgetMin('');
            setBudgetMax('');
            onChange({ ...kEmptyFilters, q: filters.q, sort: filters.sort });
          }}
        />
      </AmountRangeFields>
    </form>
  );
}
