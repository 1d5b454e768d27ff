import '@/styles/help.css';

import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { serverError } from '@/components/field-error';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useHelpAdminFaqQuery,
  useHelpCreateFaqCategoryMutation,
  useHelpUpdateFaqCategoryMutation,
} from '@/features/help/api/help-admin-api';
import { helpPaths } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { showToast } from '@/lib/toast/toast-store';

interface CategoryForm {
  code: string;
  name_en: string;
  name_ru: string;
  position: string;
}

function CategoryEditor({ id, initial, title }: { id: number | null; initial: CategoryForm; title: string }) {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [create, creating] = useHelpCreateFaqCategoryMutation();
  const [update, updating] = useHelpUpdateFaqCategoryMutation();
  const errors = fieldErrors(id !== null ? updating.error : creating.error);
  const set = (field: keyof CategoryForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form, position: Number(form.position) || 0 };
    const result = id !== null ? await update({ id, body }) : await create(body);
    if ('data' in result) {
      showToast({ severity: 'success', summary: t('admin_faq.saved') });
      navigate(helpPaths.adminFaq(lang));
    }
  };
  return (
    <AdminLayout title={title}>
      <form className="card admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('admin_faq.code')}
          name="code"
          value={form.code}
          onChange={set('code')}
          required
          error={serverError(errors, 'code')}
          id="faq-category-code"
        />
        <div className="admin-two-langs">
          <TextField
            label={t('admin_faq.name_en')}
            name="name_en"
            value={form.name_en}
            onChange={set('name_en')}
            required
            error={serverError(errors, 'name_en')}
            id="faq-category-name-en"
          />
          <TextField
            label={t('admin_faq.name_ru')}
            name="name_ru"
            value={form.name_ru}
            onChange={set('name_ru')}
            required
            error={serverError(errors, 'name_ru')}
            id="faq-category-name-ru"
          />
        </div>
        <TextField
          label={t('admin_faq.position')}
          name="position"
          value={form.position}
          onChange={set('position')}
          inputMode="numeric"
          error={serverError(errors, 'position')}
          id="faq-category-position"
        />
        <div className="form-actions">
          <Button
            type="submit"
            label={t('admin_faq.save')}
            loading={creating.isLoading || updating.isLoading}
            data-testid="faq-category-save"
          />
        </div>
      </form>
    </AdminLayout>
  );
}

// admin/faq/create-category and admin/faq/edit-category/{id}.
export default function AdminFaqCategoryPage() {
  const { t } = useTranslation('help');
  const { id: rawId } = useParams();
  const editing = rawId !== undefined;
  const id = isDigitId(rawId) ? Number(rawId) : null;
  const title = editing ? t('admin_faq.edit_category') : t('admin_faq.create_category');
  useDocumentTitle(title);
  const faq = useHelpAdminFaqQuery(undefined, { skip: !editing });
  if (!editing) {
    return (
      <CategoryEditor
        id={null}
        title={title}
        initial={{ code: '', name_en: '', name_ru: '', position: '0' }}
      />
    );
  }
  if (id === null) return <NotFoundPage />;
  if (faq.data === undefined) return <QueryFallback results={[faq]} page />;
  const existing = faq.data.categories.find((category) => category.id === id);
  if (existing === undefined) return <NotFoundPage />;
  return (
    <CategoryEditor
      key={id}
      id={id}
      title={title}
      initial={{
        code: existing.code,
        name_en: existing.name_en,
        name_ru: existing.name_ru,
        position: String(existing.position),
      }}
    />
  );
}
