import '@/styles/marketplace.css';
import '@/styles/jobs.css';
import '@/styles/articles.css';

import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { serverError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useListAdminCategoriesQuery,
  useUpdateCategoryMutation,
} from '@/features/articles/api/articles-api';
import type { AdminArticleCategory } from '@/features/articles/model/types';
import { articlePaths } from '@/features/articles/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorBody, fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { showToast } from '@/lib/toast/toast-store';

const kCategoryCode = /^[a-z0-9][a-z0-9-]{1,63}$/;

function CategoryForm({ category }: { category: AdminArticleCategory | null }) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [code, setCode] = useState(category?.code ?? '');
  const [nameEn, setNameEn] = useState(category?.name_en ?? '');
  const [nameRu, setNameRu] = useState(category?.name_ru ?? '');
  const [position, setPosition] = useState(String(category?.position ?? 0));
  const [checked, setChecked] = useState(false);
  const [create, created] = useCreateCategoryMutation();
  const [update, updated] = useUpdateCategoryMutation();
  const [remove, removed] = useDeleteCategoryMutation();
  const title = category === null ? t('admin.create_category') : t('admin.edit_category');
  useDocumentTitle(title);
  const result = category === null ? created : updated;
  const server = fieldErrors(result.error);
  const required = (value: string) =>
    checked && value.trim() === '' ? t('form.errors.required') : undefined;
  const codeError =
    checked && !kCategoryCode.test(code.trim()) ? t('form.errors.code_format') : serverError(server, 'code');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!kCategoryCode.test(code.trim()) || nameEn.trim() === '' || nameRu.trim() === '') return;
    const body = {
      code: code.trim(),
      name_en: nameEn.trim(),
      name_ru: nameRu.trim(),
      position: Number.parseInt(position, 10) || 0,
    };
    const saved = category === null ? await create(body) : await update({ id: category.id, ...body });
    if ('data' in saved) {
      showToast({ severity: 'success', summary: t('admin.saved') });
      navigate(articlePaths.admin(lang));
    }
  };
  const deleteError = errorBody(removed.error);
  return (
    <AdminLayout title={title}>
      <form
        className="card article-form admin-category-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
      >
        {deleteError !== null && <FormAlert severity="error">{deleteError.message}</FormAlert>}
        <TextField
          label={t('admin.category_code')}
          name="code"
          maxLength={64}
          value={code}
          error={codeError}
          onChange={(value) => setCode(value.toLowerCase())}
        />
        <TextField
          label={t('admin.name_en')}
          name="name_en"
          maxLength={100}
          value={nameEn}
          error={required(nameEn) ?? serverError(server, 'name_en')}
          onChange={setNameEn}
        />
        <TextField
          label={t('admin.name_ru')}
          name="name_ru"
          maxLength={100}
          value={nameRu}
          error={required(nameRu) ?? serverError(server, 'name_ru')}
          onChange={setNameRu}
        />
        <TextField
          label={t('admin.position')}
          name="position"
          inputMode="numeric"
          maxLength={5}
          value={position}
          error={serverError(server, 'position')}
          onChange={(value) => setPosition(value.replace(/[^0-9]/g, ''))}
        />
        <div className="form-actions">
          <Button type="submit" label={t('admin.save')} loading={result.isLoading} />
          {category !== null && (
            <Button
              type="button"
              text
              severity="danger"
              label={t('admin.delete')}
              loading={removed.isLoading}
              onClick={() =>
                confirmDialog({
                  message: t('admin.delete_category_confirm'),
                  accept: async () => {
                    const done = await remove({ id: category.id });
                    if (!('error' in done)) navigate(articlePaths.admin(lang));
                  },
                })
              }
            />
          )}
        </div>
      </form>
    </AdminLayout>
  );
}

// admin/articles/create-category and admin/articles/edit-category/{id}: a category's code, names in both
// languages and position; deleting one in use is the server's 409, shown above the form.
export default function AdminCategoryPage() {
  const { id } = useParams();
  const categories = useListAdminCategoriesQuery(undefined, { skip: id === undefined });
  if (id === undefined) return <CategoryForm category={null} />;
  if (!isDigitId(id)) return <NotFoundPage />;
  if (categories.data === undefined) return <QueryFallback results={[categories]} page />;
  const category = categories.data.items.find((item) => item.id === Number(id));
  if (category === undefined) return <NotFoundPage />;
  return <CategoryForm key={category.id} category={category} />;
}
