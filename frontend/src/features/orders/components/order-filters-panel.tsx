import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { CatalogIndex } from '@/lib/catalog/catalog-index';
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
  const amount = (value: string) => value.trim().replace(',', '.');
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    set({ budgetMin: amount(budgetMin), budgetMax: amount(budgetMax) });
  };
  const specializations = catalog.specializationOptions(categoryId);

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
        {specializations.length > 0 && (
          <div className="field">
            <label className="field-label" htmlFor="filter-specialization">
              {t('filters.specialization')}
            </label>
            <Dropdown
              inputId="filter-specialization"
              value={filters.specialization}
              options={specializations}
              placeholder={t('filters.specialization_any')}
              showClear
              onChange={(event) => set({ specialization: event.value ?? null })}
            />
          </div>
        )}
        <div className="field">
          <label className="field-label" htmlFor="filter-skill">
            {t('filters.skill')}
          </label>
          <Dropdown
            inputId="filter-skill"
            value={filters.skill}
            options={catalog.skillOptions(categoryId, filters.skill === null ? [] : [filters.skill])}
            placeholder={t('filters.skill_any')}
            filter
            showClear
            onChange={(event) => set({ skill: event.value ?? null })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="filter-country">
            {t('filters.country')}
          </label>
          <Dropdown
            inputId="filter-country"
            value={filters.country}
            options={catalog.countryOptions()}
            placeholder={t('filters.country_any')}
            filter
            showClear
            onChange={(event) => set({ country: event.value ?? null, city: null })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="filter-city">
            {t('filters.city')}
          </label>
          <Dropdown
            inputId="filter-city"
            value={filters.city}
            options={catalog.cityOptions(filters.country)}
            placeholder={t('filters.city_any')}
            disabled={filters.country === null}
            filter
            showClear
            onChange={(event) => set({ city: event.value ?? null })}
          />
        </div>
      </div>
      <fieldset className="budget-filter">
        <legend className="field-label">{t('filters.budget')}</legend>
        <InputText
          aria-label={t('filters.budget_min')}
          placeholder={t('filters.budget_min')}
          inputMode="decimal"
          name="budget_min"
          value={budgetMin}
          onChange={(event) => setBudgetMin(event.target.value)}
        />
        <InputText
          aria-label={t('filters.budget_max')}
          placeholder={t('filters.budget_max')}
          inputMode="decimal"
          name="budget_max"
          value={budgetMax}
          onChange={(event) => setBudgetMax(event.target.value)}
        />
        <Dropdown
          aria-label={t('filters.currency')}
          value={filters.currency}
          options={catalog.currencyOptions()}
          onChange={(event) => set({ currency: event.value as string })}
        />
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
      </fieldset>
    </form>
  );
}
