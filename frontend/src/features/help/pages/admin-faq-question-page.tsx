import '@/styles/help.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { FieldError, serverError } from '@/components/field-error';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useHelpAdminFaqQuery,
  useHelpAdminFaqQuestionQuery,
  useHelpCreateFaqQuestionMutation,
  useHelpUpdateFaqQuestionMutation,
} from '@/features/help/api/help-admin-api';
import { helpPaths } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import type { AdminFaqCategory } from '@/lib/api/schema.generated';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { showToast } from '@/lib/toast/toast-store';

interface QuestionForm {
  code: string;
  category_id: number | null;
  question_en: string;
  question_ru: string;
  answer_en: string;
  answer_ru: string;
  position: string;
}

function QuestionEditor({
  id,
  title,
  initial,
  categories,
}: {
  id: number | null;
  title: string;
  initial: QuestionForm;
  categories: AdminFaqCategory[];
}) {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  const navigate = useNavigate();
  const categoryId = useId();
  const [form, setForm] = useState<QuestionForm>(initial);
  const [create, creating] = useHelpCreateFaqQuestionMutation();
  const [update, updating] = useHelpUpdateFaqQuestionMutation();
  const errors = fieldErrors(id !== null ? updating.error : creating.error);
  const set = (field: keyof QuestionForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form, category_id: form.category_id ?? 0, position: Number(form.position) || 0 };
    const result = id !== null ? await update({ id, body }) : await create(body);
    if ('data' in result) {
      showToast({ severity: 'success', summary: t('admin_faq.saved') });
      navigate(helpPaths.adminFaq(lang));
    }
  };
  const field = (name: keyof QuestionForm, rows?: number) => (
    <TextField
      label={t(`admin_faq.${name as 'question_en'}`)}
      name={name}
      value={String(form[name] ?? '')}
      onChange={set(name)}
      rows={rows}
      required
      error={serverError(errors, name)}
      id={`faq-${name.replace('_', '-')}`}
    />
  );
  return (
    <AdminLayout title={title}>
      <form className="card admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="admin-two-langs">
          {field('code')}
          <div className="field">
            <label htmlFor={categoryId}>{t('admin_faq.category')}</label>
            <Dropdown
              inputId={categoryId}
              value={form.category_id}
              options={categories.map((category) => ({
                value: category.id,
                label: lang === 'ru' ? category.name_ru : category.name_en,
              }))}
              onChange={(event) => setForm((current) => ({ ...current, category_id: event.value as number }))}
              invalid={serverError(errors, 'category_id') !== undefined}
            />
            <FieldError message={serverError(errors, 'category_id')} />
          </div>
        </div>
        <div className="admin-two-langs admin-markdown">
          <div className="admin-form">
            <h2>{t('admin_faq.english')}</h2>
            {field('question_en')}
            {field('answer_en', 12)}
          </div>
          <div className="admin-form">
            <h2>{t('admin_faq.russian')}</h2>
            {field('question_ru')}
            {field('answer_ru', 12)}
          </div>
        </div>
        <TextField
          label={t('admin_faq.position')}
          name="position"
          value={form.position}
          onChange={set('position')}
          inputMode="numeric"
          error={serverError(errors, 'position')}
          id="faq-position"
        />
        <div className="form-actions">
          <Button
            type="submit"
            label={t('admin_faq.save')}
            loading={creating.isLoading || updating.isLoading}
            data-testid="faq-question-save"
          />
        </div>
      </form>
    </AdminLayout>
  );
}

// admin/faq/create-question and admin/faq/edit-question/{id}: both languages side by side (stacked on a phone).
export default function AdminFaqQuestionPage() {
  const { t } = useTranslation('help');
  const [params] = useSearchParams();
  const { id: rawId } = useParams();
  const editing = rawId !== undefined;
  const id = isDigitId(rawId) ? Number(rawId) : null;
  const title = editing ? t('admin_faq.edit_question') : t('admin_faq.create_question');
  useDocumentTitle(title);
  const faq = useHelpAdminFaqQuery();
  const question = useHelpAdminFaqQuestionQuery(id ?? 0, { skip: id === null });
  if (editing && (id === null || errorStatus(question.error) === 404)) return <NotFoundPage />;
  if (faq.data === undefined || (editing && question.data === undefined))
    return <QueryFallback results={[faq, question]} page />;
  const preset = Number(params.get('category'));
  const initial: QuestionForm =
    question.data !== undefined
      ? { ...question.data, position: String(question.data.position) }
      : {
          code: '',
          category_id: Number.isInteger(preset) && preset > 0 ? preset : null,
          question_en: '',
          question_ru: '',
          answer_en: '',
          answer_ru: '',
          position: '0',
        };
  return (
    <QuestionEditor
      key={id ?? 'new'}
      id={id}
      title={title}
      initial={initial}
      categories={faq.data.categories}
    />
  );
}
