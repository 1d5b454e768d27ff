import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AmountRangeFields, CatalogFilterFields } from '@/components/catalog-filter-fields';
import {
  kEmptyCatalogueFilters,
  kRatingSteps,
  rateOf,
  type CatalogueFilters,
} from '@/features/profiles/model/catalogue-filters';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';

export interface CatalogueFiltersPanelProps {
  filters: CatalogueFilters;
  catalog: CatalogIndex;
  categoryId: number | null;
  onChange: (next: CatalogueFilters) => void;
}

type Flag = 'portfolio' | 'available' | 'online';

// The catalogue's advanced filters: the orders list's catalog fields (specialization, skill, country and city)
// and amount range, plus the performer's own: a least rating, with a portfolio, open to work, online now. Lists
// and flags apply at once; the typed rate applies with the button (or Enter).
export function CatalogueFiltersPanel({
  filters,
  catalog,
  categoryId,
  onChange,
}: CatalogueFiltersPanelProps) {
  const { t } = useTranslation(['profiles', 'orders']);
  const [rateMin, setRateMin] = useState(filters.rateMin);
  const [rateMax, setRateMax] = useState(filters.rateMax);
  const set = (patch: Partial<CatalogueFilters>) => onChange({ ...filters, ...patch });
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    set({ rateMin: rateOf(rateMin), rateMax: rateOf(rateMax) });
  };
  const flag = (name: Flag) => (
    <div className="field-checkbox">
      <Checkbox
        inputId={`filter-${name}`}
        checked={filters[name]}
        onChange={(event) => set({ [name]: event.checked === true })}
      />
      <label htmlFor={`filter-${name}`}>{t(`profiles:filters.${name}`)}</label>
    </div>
  );

  return (
    <form className="filters-panel" onSubmit={onApply} aria-label={t('orders:list.filters')}>
      <div className="filters-grid">
        <CatalogFilterFields values={filters} catalog={catalog} categoryId={categoryId} onChange={set} />
        <div className="field">
          <label className="field-label" htmlFor="filter-rating">
            {t('profiles:filters.rating_min')}
          </label>
          <Dropdown
            inputId="filter-rating"
            value={filters.ratingMin}
            options={kRatingSteps.map((value) => ({
              value,
              label: t('profiles:filters.rating_from', { rating: value }),
            }))}
            placeholder={t('profiles:filters.rating_any')}
            showClear
            onChange={(event) => set({ ratingMin: event.value ?? null })}
          />
        </div>
      </div>
      <div className="filter-flags">
        {flag('portfolio')}
        {flag('available')}
        {flag('online')}
      </div>
      <AmountRangeFields
        legend={t('profiles:filters.rate')}
        name="rate"
        min={rateMin}
        max={rateMax}
        currency={filters.currency}
        catalog={catalog}
        onMin={setRateMin}
        onMax={setRateMax}
        onCurrency={(currency) => set({ currency })}
      >
        <Button type="submit" label={t('orders:filters.apply')} outlined />
        <Button
          type="button"
          label={t('orders:list.reset')}
          text
          onClick={() => {
            setRateMin('');
            setRateMax('');
            onChange({ ...kEmptyCatalogueFilters, q: filters.q, sort: filters.sort });
          }}
        />
      </AmountRangeFields>
    </form>
  );
}
