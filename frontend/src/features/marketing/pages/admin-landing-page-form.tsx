import '@/styles/admin.css';

import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { FieldError, serverError } from '@/components/field-error';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import {
  landingPagesApi,
  useCreateLandingPageMutation,
  useDeleteLandingPageImageMutation,
  useDeleteLandingPageMutation,
  useGetAdminLandingPageQuery,
  useUpdateLandingPageMutation,
  type AdminLandingPage,
  type LandingPageInput,
} from '@/features/marketing/api/landing-pages-api';
import { checkLandingInput, type LandingInputError } from '@/features/marketing/model/landing-input';
import { marketingPaths } from '@/features/marketing/paths';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import { uploadRaw } from '@/lib/api/upload';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalog } from '@/lib/catalog/use-catalog';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { showToast } from '@/lib/toast/toast-store';

function ImageField({ page }: { page: AdminLandingPage }) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remove, removing] = useDeleteLandingPageImageMutation();
  // The image is the raw body (PUT /api/admin/landing-pages/{id}/image), as the companies' logo.
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setUploading(true);
    setError(null);
    const result = await uploadRaw<AdminLandingPage>(
      `/api/admin/landing-pages/${page.id}/image`,
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
      landingPagesApi.util.invalidateTags([
        { type: 'LandingPage', id: page.id },
        { type: 'LandingPage', id: 'LIST' },
      ]),
    );
  };
  return (
    <div className="field">
      <span className="field-label">{t('landing.fields.image')}</span>
      <div className="lp-image-row">
        {page.image !== null && (
          <img className="lp-image-preview" src={page.image.thumbnail_url} alt="" data-testid="lp-image" />
        )}
        <label className="p-button p-button-outlined">
          <span className="pi pi-upload" aria-hidden="true" />
          &nbsp;{t('landing.image_upload')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            data-testid="lp-image-input"
            disabled={uploading}
            onChange={(event) => void onFile(event)}
          />
        </label>
        {page.image !== null && (
          <Button
            type="button"
            text
            label={t('landing.image_remove')}
            loading={removing.isLoading}
            onClick={() => void remove({ id: page.id })}
          />
        )}
      </div>
      <FieldError message={error ?? undefined} />
    </div>
  );
}

function emptyInput(lang: 'en' | 'ru'): LandingPageInput {
  return {
    kind: 'create_order',
    code: '',
    lang,
    title: '',
    text: '',
    category_id: null,
    cta: '',
    published: false,
  };
}

function inputOf(page: AdminLandingPage): LandingPageInput {
  const { kind, code, lang, title, text, category_id, cta, published } = page;
  return { kind, code, lang: lang === 'en' ? 'en' : 'ru', title, text, category_id, cta, published };
}

function LandingForm({ page, catalog }: { page: AdminLandingPage | null; catalog: CatalogIndex }) {
  const { t } = useTranslation(['admin', 'common']);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [input, setInput] = useState<LandingPageInput>(() =>
    page === null ? emptyInput(lang) : inputOf(page),
  );
  const [checked, setChecked] = useState(false);
  const [create, created] = useCreateLandingPageMutation();
  const [update, updated] = useUpdateLandingPageMutation();
  const [remove, removed] = useDeleteLandingPageMutation();
  const server = fieldErrors(page === null ? created.error : updated.error);
  const local = checked ? checkLandingInput(input) : {};
  const message = (field: keyof LandingPageInput) => {
    const code: LandingInputError | undefined = local[field];
    return code === undefined ? serverError(server, field) : t(`admin:landing.errors.${code}`);
  };
  const set = (patch: Partial<LandingPageInput>) => setInput((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(checkLandingInput(input)).length > 0) return;
    const body = { ...input, code: input.code.trim(), title: input.title.trim(), cta: input.cta.trim() };
    const result =
      page === null
        ? await create({ landingPageInput: body })
        : await update({ id: page.id, landingPageInput: body });
    if ('data' in result && result.data !== undefined) {
      showToast({ severity: 'success', summary: t('admin:landing.saved') });
      if (page === null) navigate(marketingPaths.adminEdit(lang, result.data.id), { replace: true });
    }
  };
  const onDelete = (id: number) =>
    confirmDialog({
      header: t('admin:landing.delete'),
      message: t('admin:landing.delete_confirm'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common:yes'),
      rejectLabel: t('common:no'),
      accept: () => {
        void remove({ id }).then((result) => {
          if (!('error' in result)) navigate(marketingPaths.adminList(lang));
        });
      },
    });

  return (
    <form
      className="card admin-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="lp-form"
    >
      {page !== null && <ImageField page={page} />}
      <div className="form-grid">
        <SelectField id="lp-kind" label={t('admin:landing.fields.kind')} error={message('kind')}>
          <Dropdown
            inputId="lp-kind"
            value={input.kind}
            options={(['create_order', 'find_job'] as const).map((value) => ({
              value,
              label: t(`admin:landing.kinds.${value}`),
            }))}
            onChange={(event) => set({ kind: event.value })}
          />
        </SelectField>
        <SelectField id="lp-lang" label={t('admin:landing.fields.lang')} error={message('lang')}>
          <Dropdown
            inputId="lp-lang"
            value={input.lang}
            options={[
              { value: 'ru', label: 'Русский' },
              { value: 'en', label: 'English' },
            ]}
            onChange={(event) => set({ lang: event.value })}
          />
        </SelectField>
        <TextField
          label={t('admin:landing.fields.code')}
          name="code"
          required
          maxLength={64}
          value={input.code}
          hint={t('admin:landing.code_hint')}
          error={message('code')}
          onChange={(code) => set({ code: code.toLowerCase() })}
        />
        <SelectField
          id="lp-category"
          label={t('admin:landing.fields.category')}
          error={message('category_id')}
        >
          <Dropdown
            inputId="lp-category"
            value={input.category_id}
            options={catalog.categoryOptions()}
            showClear
            placeholder={t('admin:landing.no_category')}
            onChange={(event) => set({ category_id: (event.value as number | undefined) ?? null })}
          />
        </SelectField>
      </div>
      <TextField
        label={t('admin:landing.fields.title')}
        name="title"
        required
        maxLength={200}
        value={input.title}
        error={message('title')}
        onChange={(title) => set({ title })}
      />
      <TextField
        label={t('admin:landing.fields.text')}
        name="text"
        rows={10}
        maxLength={20000}
        value={input.text}
        hint={t('admin:landing.text_hint')}
        error={message('text')}
        onChange={(text) => set({ text })}
      />
      <TextField
        label={t('admin:landing.fields.cta')}
        name="cta"
        required
        maxLength={100}
        value={input.cta}
        error={message('cta')}
        onChange={(cta) => set({ cta })}
      />
      <div className="field-checkbox">
        <Checkbox
          inputId="lp-published"
          checked={input.published}
          onChange={(event) => set({ published: event.checked === true })}
        />
        <label htmlFor="lp-published">{t('admin:landing.fields.published')}</label>
      </div>
      <div className="card-actions admin-form-actions">
        <Button
          type="submit"
          label={t('admin:landing.save')}
          loading={created.isLoading || updated.isLoading}
        />
        {page !== null && (
          <>
            <Link className="p-button p-button-text" to={marketingPaths.page(lang, page.kind, page.code)}>
              {t('admin:landing.open')}
            </Link>
            <Button
              type="button"
              severity="danger"
              text
              label={t('admin:landing.delete')}
              loading={removed.isLoading}
              onClick={() => onDelete(page.id)}
            />
          </>
        )}
      </div>
    </form>
  );
}

// admin/landing-pages/add and admin/landing-pages/edit/{id} (the image uploads once the page exists).
export default function AdminLandingPageForm() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { id } = useParams();
  const editing = id !== undefined;
  const valid = !editing || isDigitId(id);
  const result = useGetAdminLandingPageQuery({ id: Number(id) }, { skip: !editing || !valid });
  const catalog = useCatalog();
  const title = editing ? t('landing.edit_title') : t('landing.add_title');
  useDocumentTitle(title);
  if (!valid || errorStatus(result.error) === 404) return <NotFoundPage />;
  return (
    <AdminLayout
      title={title}
      actions={
        <Link className="p-button p-button-text" to={marketingPaths.adminList(lang)}>
          <span className="pi pi-arrow-left" aria-hidden="true" />
          &nbsp;{t('landing.back')}
        </Link>
      }
    >
      {catalog === null || (editing && result.data === undefined) ? (
        <QueryFallback results={editing ? [result] : []} />
      ) : (
        <LandingForm key={result.data?.id ?? 'new'} page={result.data ?? null} catalog={catalog} />
      )}
    </AdminLayout>
  );
}
