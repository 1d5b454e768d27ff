import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { CatalogFilterFields } from '@/components/catalog-filter-fields';
import { kEducationLevels, kEmployments, kSchedules } from '@/features/resumes/model/resume-draft';
import {
  kEmptyResumeFilters,
  kExperienceBuckets,
  type ResumeFilters,
} from '@/features/resumes/model/resume-filters';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { typedAmount } from '@/lib/filters/url-params';

export interface ResumeFiltersPanelProps {
  filters: ResumeFilters;
  catalog: CatalogIndex;
  categoryId: number | null;
  onChange: (next: ResumeFilters) => void;
}

// The resume list's filters (SPEC §2: employment type, schedule, education level, experience; plus salary with
// currency, place, skill, relocation and remote). Lists apply at once; the typed salary with the button.
export function ResumeFiltersPanel({ filters, catalog, categoryId, onChange }: ResumeFiltersPanelProps) {
  const { t } = useTranslation(['resumes', 'jobs']);
  const [salary, setSalary] = useState(filters.salary);
  const set = (patch: Partial<ResumeFilters>) => onChange({ ...filters, ...patch });
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    set({ salary: typedAmount(salary) });
  };
  return (
    <form className="filters-panel" onSubmit={onApply} aria-label={t('list.filters')}>
      <div className="filters-grid">
        <div className="field">
          <label className="field-label" htmlFor="filter-employment">
            {t('form.employments')}
          </label>
          <MultiSelect
            inputId="filter-employment"
            value={filters.employment}
            options={kEmployments.map((value) => ({ value, label: t(`jobs:employment.${value}`) }))}
            placeholder={t('list.any')}
            showSelectAll={false}
            onChange={(event) => set({ employment: event.value as ResumeFilters['employment'] })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="filter-schedule">
            {t('form.schedules')}
          </label>
          <MultiSelect
            inputId="filter-schedule"
            value={filters.schedule}
            options={kSchedules.map((value) => ({ value, label: t(`jobs:schedule.${value}`) }))}
            placeholder={t('list.any')}
            showSelectAll={false}
            onChange={(event) => set({ schedule: event.value as ResumeFilters['schedule'] })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="filter-experience">
            {t('list.experience')}
          </label>
          <Dropdown
            inputId="filter-experience"
            value={filters.experience}
            options={kExperienceBuckets.map((value) => ({ value, label: t(`jobs:experience.${value}`) }))}
            placeholder={t('list.any')}
            showClear
            onChange={(event) => set({ experience: event.value ?? null })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="filter-education">
            {t('list.education')}
          </label>
          <Dropdown
            inputId="filter-education"
            value={filters.education}
            options={kEducationLevels.map((value) => ({
              value,
              label: t(`list.education_at_least.${value}`),
            }))}
            placeholder={t('list.any')}
            showClear
            onChange={(event) => set({ education: event.value ?? null })}
          />
        </div>
        <CatalogFilterFields values={filters} catalog={catalog} categoryId={categoryId} onChange={set} />
      </div>
      <div className="filter-flags">
        <div className="field-checkbox">
          <Checkbox
            inputId="filter-relocate"
            checked={filters.relocate}
            onChange={(event) => set({ relocate: event.checked === true })}
          />
          <label htmlFor="filter-relocate">{t('list.relocate')}</label>
        </div>
        <div className="field-checkbox">
          <Checkbox
            inputId="filter-remote"
            checked={filters.remote}
            onChange={(event) => set({ remote: event.checked === true })}
          />
          <label htmlFor="filter-remote">{t('list.remote')}</label>
        </div>
      </div>
      <fieldset className="budget-filter">
        <legend className="field-label">{t('list.salary')}</legend>
        <InputText
          aria-label={t('list.salary_max')}
          placeholder={t('list.salary_max')}
          inputMode="decimal"
          name="salary"
          value={salary}
          onChange={(event) => setSalary(event.target.value)}
        />
        <Dropdown
          aria-label={t('form.currency')}
          value={filters.currency}
          options={catalog.currencyOptions()}
          onChange={(event) => set({ currency: event.value as string })}
        />
        <Button type="submit" label={t('list.apply')} outlined />
        <Button
          type="button"
          label={t('list.reset')}
          text
          onClick={() => {
            setSalary('');
            onChange({ ...kEmptyResumeFilters, q: filters.q, sort: filters.sort });
          }}
        />
      </fieldset>
    </form>
  );
}
