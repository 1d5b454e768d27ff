import { Dropdown } from 'primereact/dropdown';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { FieldError } from '@/components/field-error';
import { QueryState } from '@/components/query-state';
import { useListMyCompaniesQuery } from '@/features/companies/api/companies-api';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export interface CompanyPickerProps {
  value: number | null;
  onChange: (companyId: number) => void;
  error?: string;
}

// The vacancy form's company: one of the viewer's companies (the only one is chosen at once); with none, a
// link to create one.
export function CompanyPicker({ value, onChange, error }: CompanyPickerProps) {
  const { t } = useTranslation(['vacancies', 'companies']);
  const lang = useLanguage();
  const result = useListMyCompaniesQuery();
  const only = result.data?.items.length === 1 ? result.data.items[0] : undefined;
  useEffect(() => {
    if (value === null && only !== undefined) onChange(only.id);
  }, [value, only, onChange]);
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0}
      empty={
        <div className="form-alert" data-testid="no-company">
          <p>{t('vacancy.no_company')}</p>
          <Link to={paths.employerCreate(lang)} className="p-button">
            {t('companies:company.create')}
          </Link>
        </div>
      }
    >
      {(data) => (
        <div className="field">
          <label className="field-label" htmlFor="vacancy-company">
            {t('vacancy.company')}
          </label>
          <Dropdown
            inputId="vacancy-company"
            value={value}
            options={data.items.map((company) => ({ value: company.id, label: company.name }))}
            placeholder={t('companies:company.choose')}
            onChange={(event) => onChange(event.value as number)}
          />
          <FieldError message={error} />
        </div>
      )}
    </QueryState>
  );
}
