import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { CatalogFilterFields } from '@/components/catalog-filter-fields';
import {
  kEducations,
  kEmployments,
  kEmptyVacancyFilters,
  kExperiences,
  kSchedules,
  salaryOf,
  type VacancyFilters,
} from '@/features/vacancies/model/vacancy-filters';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';

export interface VacancyFiltersPanelProps {
  filters: VacancyFilters;
  catalog: CatalogIndex;
  categoryId: number | null;
  onChange: (next: VacancyFilters) => void;
}

// The vacancy list's advanced filters: the shared catalog fields (specialization, skill, country and city), the
// job's conditions (employment, schedule, experience, education), remote only, and the least salary with its
// currency. Lists apply at once; the typed salary with the button (or Enter).
export function VacancyFiltersPanel({ filters, catalog, categoryId, onChange }: VacancyFiltersPanelProps) {
  const { t } = useTranslation(['vacancies', 'jobs', 'orders']);
  const [salary, setSalary] = useState(filters.salary);
  const set = (patch: Partial<VacancyFilters>) => onChange({ ...filters, ...patch });
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    set({ salary: salaryOf(salary) });
  };
  return (
    <form className="filters-panel" onSubmit={onApply} aria-label={t('orders:list.filters')}>
      <div className="filters-grid">
        <CatalogFilterFields values={filters} catalog={catalog} categoryId={categoryId} onChange={set} />
        <div className="field">
          <label className="field-label" htmlFor="filter-employment">
            {t('vacancies:filters.employment')}
          </label>
          <MultiSelect
            inputId="filter-employment"
            value={filters.employment}
            options={kEmployments.map((value) => ({ value, label: t(`jobs:employment.${value}`) }))}
            placeholder={t('vacancies:filters.any')}
            display="chip"
            onChange={(event) => set({ employment: event.value as VacancyFilters['employment'] })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="filter-schedule">
            {t('vacancies:filters.schedule')}
          </label>
          <MultiSelect
            inputId="filter-schedule"
            value={filters.schedule}
            options={kSchedules.map((value) => ({ value, label: t(`jobs:schedule.${value}`) }))}
            placeholder={t('vacancies:filters.any')}
            display="chip"
            onChange={(event) => set({ schedule: event.value as VacancyFilters['schedule'] })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="filter-experience">
            {t('vacancies:filters.experience')}
          </label>
          <Dropdown
            inputId="filter-experience"
            value={filters.experience}
            options={kExperiences.map((value) => ({ value, label: t(`jobs:experience.${value}`) }))}
            placeholder={t('vacancies:filters.any')}
            showClear
            onChange={(event) => set({ experience: event.value ?? null })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="filter-education">
            {t('vacancies:filters.education')}
          </label>
          <Dropdown
            inputId="filter-education"
            value={filters.education}
            options={kEducations.map((value) => ({ value, label: t(`jobs:education.${value}`) }))}
            placeholder={t('vacancies:filters.any')}
            showClear
            onChange={(event) => set({ education: event.value ?? null })}
          />
        </div>
      </div>
      <div className="filter-flags">
        <div className="field-checkbox">
          <Checkbox
            inputId="filter-remote"
            checked={filters.remote}
            onChange={(event) => set({ remote: event.checked === true })}
          />
          <label htmlFor="filter-remote">{t('vacancies:filters.remote')}</label>
        </div>
      </div>
      <fieldset className="budget-filter">
        <legend className="field-label">{t('vacancies:filters.salary')}</legend>
        <InputText
          aria-label={t('vacancies:filters.salary')}
          inputMode="numeric"
          name="salary"
          value={salary}
          onChange={(event) => setSalary(event.target.value)}
        />
        <Dropdown
          aria-label={t('orders:filters.currency')}
          value={filters.currency}
          options={catalog.currencyOptions()}
          onChange={(event) => set({ currency: event.value as string })}
        />
        <Button type="submit" label={t('vacancies:filters.apply')} outlined />
        <Button
          type="button"
          label={t('vacancies:filters.reset')}
          text
          onClick={() => {
            setSalary('');
            onChange({ ...kEmptyVacancyFilters, q: filters.q, sort: filters.sort });
          }}
        />
      </fieldset>
    </form>
  );
}
