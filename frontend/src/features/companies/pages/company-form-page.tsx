import '@/styles/marketplace.css';
import '@/styles/jobs.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';

import { FieldError, serverError } from '@/components/field-error';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  companiesApi,
  useCreateCompanyMutation,
  useDeleteCompanyLogoMutation,
  useGetCompanyQuery,
  useUpdateCompanyMutation,
} from '@/features/companies/api/companies-api';
import {
  kIndustries,
  kSizes,
  type CompanyDraft,
  checkCompanyDraft,
  draftOfCompany,
  toCompanyInput,
} from '@/features/companies/model/company-draft';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import type { Company } from '@/lib/api/schema.generated';
import { uploadRaw } from '@/lib/api/upload';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';
import { showToast } from '@/lib/toast/toast-store';

function LogoField({ company }: { company: Company }) {
  const { t } = useTranslation('companies');
  const dispatch = useAppDispatch();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remove, removing] = useDeleteCompanyLogoMutation();
  // The logo is the raw image in the body, as the avatar (PUT /api/companies/{id}/logo takes no multipart).
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setUploading(true);
    setError(null);
    const result = await uploadRaw<Company>(
      `/api/companies/${company.id}/logo`,
      file,
      file.type || 'application/octet-stream',
      () => undefined,
    );
    setUploading(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    dispatch(
      companiesApi.util.invalidateTags([
        { type: 'Company', id: company.id },
        { type: 'Company', id: 'LIST' },
      ]),
    );
  };
  return (
    <div className="field company-logo-field">
      <span className="field-label">{t('company.logo')}</span>
      <div className="company-logo-row">
        {company.logo !== null && (
          <img
            className="company-logo"
            src={company.logo.url}
            alt=""
            width={72}
            height={72}
            data-testid="company-logo"
          />
        )}
        <label className="p-button p-button-outlined">
          <span className="pi pi-upload" aria-hidden="true" />
          &nbsp;{t('company.logo_upload')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            data-testid="company-logo-input"
            disabled={uploading}
            onChange={(event) => void onFile(event)}
          />
        </label>
        {company.logo !== null && (
          <Button
            type="button"
            text
            label={t('company.logo_remove')}
            loading={removing.isLoading}
            onClick={() => void remove({ id: company.id })}
          />
        )}
      </div>
      <small className="field-hint">{t('company.logo_hint')}</small>
      <FieldError message={error ?? undefined} />
    </div>
  );
}

function CompanyForm({ company, catalog }: { company: Company | null; catalog: CatalogIndex }) {
  const { t } = useTranslation(['companies', 'jobs']);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CompanyDraft>(() => draftOfCompany(company));
  const [checked, setChecked] = useState(false);
  const [create, created] = useCreateCompanyMutation();
  const [update, updated] = useUpdateCompanyMutation();
  const server = fieldErrors(company === null ? created.error : updated.error);
  const local = checked ? checkCompanyDraft(draft) : {};
  const errorOf = (field: keyof CompanyDraft) => {
    const code = local[field];
    return code === undefined
      ? serverError(server, field === 'foundedYear' ? 'founded_year' : field)
      : t(`companies:company.${code}`);
  };
  const set = (patch: Partial<CompanyDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(checkCompanyDraft(draft)).length > 0) return;
    const input = toCompanyInput(draft);
    const result =
      company === null
        ? await create({ companyInput: input })
        : await update({ id: company.id, companyPatch: input });
    if ('data' in result && result.data !== undefined) {
      showToast({ severity: 'success', summary: t('companies:company.saved') });
      navigate(
        company === null ? paths.employerEdit(lang, result.data.id) : paths.employer(lang, company.id),
      );
    }
  };

  return (
    <form className="card job-form" onSubmit={onSubmit} noValidate data-testid="company-form">
      {company !== null && <LogoField company={company} />}
      <TextField
        label={t('companies:company.name')}
        name="name"
        required
        maxLength={200}
        value={draft.name}
        error={errorOf('name')}
        onChange={(name) => set({ name })}
      />
      <div className="form-grid">
        <div className="field">
          <label className="field-label" htmlFor="company-industry">
            {t('companies:company.industry')}
          </label>
          <Dropdown
            inputId="company-industry"
            value={draft.industry}
            options={kIndustries.map((value) => ({ value, label: t(`jobs:industry.${value}`) }))}
            placeholder={t('companies:company.choose')}
            onChange={(event) => set({ industry: event.value })}
          />
          <FieldError message={errorOf('industry')} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="company-size">
            {t('companies:company.size')}
          </label>
          <Dropdown
            inputId="company-size"
            value={draft.size}
            options={kSizes.map((value) => ({ value, label: t(`jobs:size.${value}`) }))}
            placeholder={t('companies:company.choose')}
            onChange={(event) => set({ size: event.value })}
          />
          <FieldError message={errorOf('size')} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="company-country">
            {t('companies:company.country')}
          </label>
          <Dropdown
            inputId="company-country"
            value={draft.country}
            options={catalog.countryOptions()}
            filter
            showClear
            placeholder={t('companies:company.choose')}
            onChange={(event) => set({ country: event.value ?? null, city: null })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="company-city">
            {t('companies:company.city')}
          </label>
          <Dropdown
            inputId="company-city"
            value={draft.city}
            options={catalog.cityOptions(draft.country)}
            disabled={draft.country === null}
            filter
            showClear
            placeholder={t('companies:company.choose')}
            onChange={(event) => set({ city: event.value ?? null })}
          />
        </div>
        <TextField
          label={t('companies:company.website')}
          name="website"
          maxLength={300}
          value={draft.website}
          error={errorOf('website')}
          onChange={(website) => set({ website })}
        />
        <TextField
          label={t('companies:company.founded_year')}
          name="founded_year"
          inputMode="numeric"
          maxLength={4}
          value={draft.foundedYear}
          error={errorOf('foundedYear')}
          onChange={(foundedYear) => set({ foundedYear })}
        />
      </div>
      <TextField
        label={t('companies:company.description')}
        name="description"
        rows={6}
        maxLength={10000}
        value={draft.description}
        error={errorOf('description')}
        onChange={(description) => set({ description })}
      />
      <Button
        type="submit"
        label={t('companies:company.save')}
        loading={created.isLoading || updated.isLoading}
      />
    </form>
  );
}

// employer/create and employer/{id}/edit (the owner's; the logo uploads once the company exists).
export default function CompanyFormPage() {
  const { t } = useTranslation('companies');
  const { id } = useParams();
  const editing = id !== undefined;
  const valid = !editing || isDigitId(id);
  const companyQuery = useGetCompanyQuery({ id: Number(id) }, { skip: !editing || !valid });
  const catalogQuery = useCatalogQuery();
  useDocumentTitle(editing ? t('company.edit_title') : t('company.create_title'));
  if (!valid || errorStatus(companyQuery.error) === 404) return <NotFoundPage />;
  if (editing && companyQuery.data !== undefined && !companyQuery.data.is_owner) return <NotFoundPage />;
  const catalog = catalogQuery.data;
  if (catalog === undefined || (editing && companyQuery.data === undefined)) {
    return <QueryFallback results={editing ? [companyQuery, catalogQuery] : [catalogQuery]} page />;
  }
  return (
    <section className="page job-form-page">
      <h1>{editing ? t('company.edit_title') : t('company.create_title')}</h1>
      <CompanyForm
        key={companyQuery.data?.id ?? 'new'}
        company={companyQuery.data ?? null}
        catalog={catalog}
      />
    </section>
  );
}
