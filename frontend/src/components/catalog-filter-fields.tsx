import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { CatalogIndex } from '@/lib/catalog/catalog-index';

// The catalog filters a list of orders and a list of freelancers share (SPEC §2 advanced filters): a
// specialization of the current category, a skill, a country and its city. Each change applies at once.
export interface CatalogFilterValues {
  specialization: number | null;
  skill: number | null;
  country: number | null;
  city: number | null;
}

export interface CatalogFilterFieldsProps {
  values: CatalogFilterValues;
  catalog: CatalogIndex;
  categoryId: number | null;
  onChange: (patch: Partial<CatalogFilterValues>) => void;
}

export function CatalogFilterFields({ values, catalog, categoryId, onChange }: CatalogFilterFieldsProps) {
  const { t } = useTranslation('orders');
  const specializations = catalog.specializationOptions(categoryId);
  return (
    <>
      {specializations.length > 0 && (
        <div className="field">
          <label className="field-label" htmlFor="filter-specialization">
            {t('filters.specialization')}
          </label>
          <Dropdown
            inputId="filter-specialization"
            value={values.specialization}
            options={specializations}
            placeholder={t('filters.specialization_any')}
            showClear
            onChange={(event) => onChange({ specialization: event.value ?? null })}
          />
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor="filter-skill">
          {t('filters.skill')}
        </label>
        <Dropdown
          inputId="filter-skill"
          value={values.skill}
          options={catalog.skillOptions(categoryId, values.skill === null ? [] : [values.skill])}
          placeholder={t('filters.skill_any')}
          filter
          showClear
          onChange={(event) => onChange({ skill: event.value ?? null })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="filter-country">
          {t('filters.country')}
        </label>
        <Dropdown
          inputId="filter-country"
          value={values.country}
          options={catalog.countryOptions()}
          placeholder={t('filters.country_any')}
          filter
          showClear
          onChange={(event) => onChange({ country: event.value ?? null, city: null })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="filter-city">
          {t('filters.city')}
        </label>
        <Dropdown
          inputId="filter-city"
          value={values.city}
          options={catalog.cityOptions(values.country)}
          placeholder={t('filters.city_any')}
          disabled={values.country === null}
          filter
          showClear
          onChange={(event) => onChange({ city: event.value ?? null })}
        />
      </div>
    </>
  );
}

export interface AmountRangeFieldsProps {
  legend: string;
  name: string;
  min: string;
  max: string;
  currency: string;
  catalog: CatalogIndex;
  onMin: (value: string) => void;
  onMax: (value: string) => void;
  onCurrency: (currency: string) => void;
  // The form's apply and reset buttons, on the range's row.
  children?: ReactNode;
}

// An amount range with its currency (the orders' budget, the freelancers' rate): typed in major units, applied
// with the form's button (or Enter); the currency applies at once.
export function AmountRangeFields(props: AmountRangeFieldsProps) {
  const { t } = useTranslation('orders');
  const { legend, name, min, max, currency, catalog, onMin, onMax, onCurrency, children } = props;
  return (
    <fieldset className="budget-filter">
      <legend className="field-label">{legend}</legend>
      <InputText
        aria-label={t('filters.budget_min')}
        placeholder={t('filters.budget_min')}
        inputMode="decimal"
        name={`${name}_min`}
        value={min}
        onChange={(event) => onMin(event.target.value)}
      />
      <InputText
        aria-label={t('filters.budget_max')}
        placeholder={t('filters.budget_max')}
        inputMode="decimal"
        name={`${name}_max`}
        value={max}
        onChange={(event) => onMax(event.target.value)}
      />
      <Dropdown
        aria-label={t('filters.currency')}
        value={currency}
        options={catalog.currencyOptions()}
        onChange={(event) => onCurrency(event.value as string)}
      />
      {children}
    </fieldset>
  );
}
