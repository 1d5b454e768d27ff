import '@/styles/marketplace.css';
import '@/styles/jobs.css';

import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useCallback, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { FieldError, serverError } from '@/components/field-error';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useCreateVacancyMutation,
  useGetVacancyQuery,
  useUpdateVacancyMutation,
} from '@/features/vacancies/api/vacancies-api';
import {
  checkVacancyDraft,
  draftOfVacancy,
  toVacancyInput,
  toVacancyPatch,
  type VacancyDraft,
} from '@/features/vacancies/model/vacancy-draft';
import {
  kEducations,
  kEmployments,
  kExperiences,
  kSchedules,
} from '@/features/vacancies/model/vacancy-filters';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import type { Vacancy } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { idOf } from '@/lib/filters/url-params';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';

export interface CompanyPickerProps {
  value: number | null;
  onChange: (companyId: number) => void;
  error?: string;
}

export interface VacancyFormPageProps {
  // One of the viewer's companies, or a link to create one (companies, through the app's slots).
  CompanyPicker: ComponentType<CompanyPickerProps>;
}

function VacancyForm({
  vacancy,
  catalog,
  companyId,
  CompanyPicker,
}: {
  vacancy: Vacancy | null;
  catalog: CatalogIndex;
  companyId: number | null;
} & VacancyFormPageProps) {
  const { t } = useTranslation(['vacancies', 'companies', 'jobs']);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<VacancyDraft>(() =>
    draftOfVacancy(vacancy, catalog.minorUnits, companyId),
  );
  const [checked, setChecked] = useState(false);
  const [create, created] = useCreateVacancyMutation();
  const [update, updated] = useUpdateVacancyMutation();
  const units = catalog.minorUnits(draft.currency);
  const server = fieldErrors(vacancy === null ? created.error : updated.error);
  const local = checked ? checkVacancyDraft(draft, units, lang) : {};
  const errorOf = (field: string) => {
    const code = local[field];
    return code === undefined
      ? serverError(server, field)
      : t(code === 'required' ? 'companies:company.required' : `vacancies:vacancy.${code}`);
  };
  const set = (patch: Partial<VacancyDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const onCompany = useCallback((id: number) => set({ companyId: id }), []);

  const save = async (publish: boolean) => {
    setChecked(true);
    if (Object.keys(checkVacancyDraft(draft, units, lang)).length > 0) return;
    const result =
      vacancy === null
        ? await create({ vacancyInput: toVacancyInput(draft, units, lang, publish) })
        : await update({ id: vacancy.id, vacancyPatch: toVacancyPatch(draft, units, lang) });
    if ('data' in result && result.data !== undefined) navigate(paths.vacancy(lang, result.data.id));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(vacancy === null);
  };
  const select = <T extends string>(
    id: string,
    label: string,
    value: T,
    values: readonly T[],
    group: 'employment' | 'schedule' | 'experience' | 'education',
    onChange: (value: T) => void,
  ) => (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <Dropdown
        inputId={id}
        value={value}
        options={values.map((item) => ({
          value: item,
          label: t(`jobs:${group}.${item}` as 'jobs:employment.full'),
        }))}
        onChange={(event) => onChange(event.value as T)}
      />
      <FieldError message={errorOf(group)} />
    </div>
  );

  return (
    <form className="card job-form" onSubmit={onSubmit} noValidate data-testid="vacancy-form">
      {vacancy === null && (
        <CompanyPicker value={draft.companyId} onChange={onCompany} error={errorOf('company_id')} />
      )}
      <TextField
        label={t('vacancies:vacancy.title')}
        name="title"
        required
        maxLength={200}
        value={draft.title}
        error={errorOf('title')}
        onChange={(title) => set({ title })}
      />
      <div className="form-grid">
        <div className="field">
          <label className="field-label" htmlFor="vacancy-category">
            {t('vacancies:vacancy.category')}
          </label>
          <Dropdown
            inputId="vacancy-category"
            value={draft.categoryId}
            options={catalog.categoryOptions()}
            placeholder={t('companies:company.choose')}
            onChange={(event) => set({ categoryId: event.value as number, specializationId: null })}
          />
          <FieldError message={errorOf('category_id')} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="vacancy-specialization">
            {t('vacancies:vacancy.specialization')}
          </label>
          <Dropdown
            inputId="vacancy-specialization"
            value={draft.specializationId}
            options={catalog.specializationOptions(draft.categoryId)}
            disabled={draft.categoryId === null}
            showClear
            placeholder={t('companies:company.choose')}
            onChange={(event) => set({ specializationId: event.value ?? null })}
          />
        </div>
        {select(
          'vacancy-employment',
          t('vacancies:vacancy.employment'),
          draft.employment,
          kEmployments,
          'employment',
          (employment) => set({ employment }),
        )}
        {select(
          'vacancy-schedule',
          t('vacancies:vacancy.schedule'),
          draft.schedule,
          kSchedules,
          'schedule',
          (schedule) => set({ schedule }),
        )}
        {select(
          'vacancy-experience',
          t('vacancies:vacancy.experience'),
          draft.experience,
          kExperiences,
          'experience',
          (experience) => set({ experience }),
        )}
        {select(
          'vacancy-education',
          t('vacancies:vacancy.education'),
          draft.education,
          kEducations,
          'education',
          (education) => set({ education }),
        )}
      </div>
      <fieldset className="salary-fields">
        <legend className="field-label">{t('vacancies:vacancy.salary')}</legend>
        <div className="salary-row">
          <InputText
            aria-label={t('vacancies:vacancy.salary_from')}
            placeholder={t('vacancies:vacancy.salary_from')}
            name="salary_from"
            inputMode="decimal"
            value={draft.salaryFrom}
            onChange={(event) => set({ salaryFrom: event.target.value })}
          />
          <InputText
            aria-label={t('vacancies:vacancy.salary_to')}
            placeholder={t('vacancies:vacancy.salary_to')}
            name="salary_to"
            inputMode="decimal"
            value={draft.salaryTo}
            onChange={(event) => set({ salaryTo: event.target.value })}
          />
          <Dropdown
            aria-label={t('vacancies:vacancy.currency')}
            value={draft.currency}
            options={catalog.currencyOptions()}
            onChange={(event) => set({ currency: event.value as string })}
          />
        </div>
        <div className="field-checkbox">
          <Checkbox
            inputId="vacancy-gross"
            checked={draft.gross}
            onChange={(event) => set({ gross: event.checked === true })}
          />
          <label htmlFor="vacancy-gross">{t('vacancies:vacancy.gross')}</label>
        </div>
        <small className="field-hint">{t('vacancies:vacancy.by_agreement')}</small>
        <FieldError message={errorOf('salary.from') ?? errorOf('salary.to') ?? errorOf('salary')} />
      </fieldset>
      <TextField
        label={t('vacancies:vacancy.description')}
        name="description"
        rows={8}
        maxLength={20000}
        value={draft.description}
        error={errorOf('description')}
        onChange={(description) => set({ description })}
      />
      <div className="field">
        <label className="field-label" htmlFor="vacancy-skills">
          {t('vacancies:vacancy.skills')}
        </label>
        <MultiSelect
          inputId="vacancy-skills"
          value={draft.skillIds}
          options={catalog.skillOptions(draft.categoryId, draft.skillIds)}
          filter
          display="chip"
          selectionLimit={20}
          onChange={(event) => set({ skillIds: event.value as number[] })}
        />
        <FieldError message={errorOf('skill_ids')} />
      </div>
      <div className="form-grid">
        <div className="field">
          <label className="field-label" htmlFor="vacancy-country">
            {t('vacancies:vacancy.country')}
          </label>
          <Dropdown
            inputId="vacancy-country"
            value={draft.country}
            options={catalog.countryOptions()}
            filter
            showClear
            placeholder={t('companies:company.choose')}
            onChange={(event) => set({ country: event.value ?? null, city: null })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="vacancy-city">
            {t('vacancies:vacancy.city')}
          </label>
          <Dropdown
            inputId="vacancy-city"
            value={draft.city}
            options={catalog.cityOptions(draft.country)}
            disabled={draft.country === null}
            filter
            showClear
            placeholder={t('companies:company.choose')}
            onChange={(event) => set({ city: event.value ?? null })}
          />
        </div>
      </div>
      <TextField
        label={t('vacancies:vacancy.address')}
        name="address"
        maxLength={300}
        value={draft.address}
        error={errorOf('address')}
        onChange={(address) => set({ address })}
      />
      <fieldset className="contact-fields">
        <legend className="field-label">{t('vacancies:vacancy.contact')}</legend>
        <div className="form-grid">
          <TextField
            label={t('vacancies:vacancy.contact_name')}
            name="contact_name"
            maxLength={120}
            value={draft.contactName}
            error={errorOf('contact.name')}
            onChange={(contactName) => set({ contactName })}
          />
          <TextField
            label={t('vacancies:vacancy.contact_email')}
            name="contact_email"
            type="email"
            maxLength={254}
            value={draft.contactEmail}
            error={errorOf('contact.email')}
            onChange={(contactEmail) => set({ contactEmail })}
          />
          <TextField
            label={t('vacancies:vacancy.contact_phone')}
            name="contact_phone"
            maxLength={40}
            value={draft.contactPhone}
            error={errorOf('contact.phone')}
            onChange={(contactPhone) => set({ contactPhone })}
          />
        </div>
      </fieldset>
      <div className="form-actions">
        {vacancy === null ? (
          <>
            <Button type="submit" label={t('vacancies:vacancy.save_publish')} loading={created.isLoading} />
            <Button
              type="button"
              outlined
              label={t('vacancies:vacancy.save_draft')}
              disabled={created.isLoading}
              onClick={() => void save(false)}
            />
          </>
        ) : (
          <Button type="submit" label={t('vacancies:vacancy.save')} loading={updated.isLoading} />
        )}
      </div>
    </form>
  );
}

// vacancy/create (?company={id} preselects one of the viewer's companies) and vacancy/{id}/edit (the owner's).
export default function VacancyFormPage({ CompanyPicker }: VacancyFormPageProps) {
  const { t } = useTranslation(['vacancies', 'companies']);
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const editing = id !== undefined;
  const valid = !editing || isDigitId(id);
  const vacancyQuery = useGetVacancyQuery({ id: Number(id) }, { skip: !editing || !valid });
  const catalogQuery = useCatalogQuery();
  useDocumentTitle(editing ? t('vacancy.edit_title') : t('vacancy.create_title'));
  if (!valid || errorStatus(vacancyQuery.error) === 404) return <NotFoundPage />;
  if (editing && vacancyQuery.data !== undefined && !vacancyQuery.data.is_owner) return <NotFoundPage />;
  const catalog = catalogQuery.data;
  if (catalog === undefined || (editing && vacancyQuery.data === undefined)) {
    return <QueryFallback results={editing ? [vacancyQuery, catalogQuery] : [catalogQuery]} page />;
  }
  return (
    <section className="page job-form-page">
      <h1>{editing ? t('vacancy.edit_title') : t('vacancy.create_title')}</h1>
      <VacancyForm
        key={vacancyQuery.data?.id ?? 'new'}
        vacancy={vacancyQuery.data ?? null}
        catalog={catalog}
        companyId={idOf(searchParams.get('company'))}
        CompanyPicker={CompanyPicker}
      />
    </section>
  );
}
