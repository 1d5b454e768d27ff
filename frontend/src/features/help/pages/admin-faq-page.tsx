import '@/styles/help.css';

import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { QueryState } from '@/components/query-state';
import {
  useHelpAdminFaqQuery,
  useHelpDeleteFaqCategoryMutation,
  useHelpDeleteFaqQuestionMutation,
} from '@/features/help/api/help-admin-api';
import { helpPaths } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';

// admin/faq: the categories with their questions, in position order, in the interface language.
export default function AdminFaqPage() {
  const { t } = useTranslation(['help', 'common']);
  const lang = useLanguage();
  useDocumentTitle(t('admin_faq.title'));
  const faq = useHelpAdminFaqQuery();
  const [deleteCategory] = useHelpDeleteFaqCategoryMutation();
  const [deleteQuestion] = useHelpDeleteFaqQuestionMutation();
  const confirmDelete = (run: () => Promise<{ data?: unknown }>) =>
    confirmDialog({
      header: t('admin_faq.delete'),
      message: t('admin_faq.confirm_delete'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common:yes'),
      rejectLabel: t('common:no'),
      accept: () => {
        void run().then((result) => {
          if (result.data !== undefined) showToast({ severity: 'success', summary: t('admin_faq.deleted') });
        });
      },
    });
  return (
    <AdminLayout
      title={t('admin_faq.title')}
      actions={
        <>
          <Link
            className="p-button p-component p-button-outlined p-button-sm"
            to={helpPaths.adminCreateCategory(lang)}
          >
            <span className="p-button-label">{t('admin_faq.create_category')}</span>
          </Link>
          <Link className="p-button p-component p-button-sm" to={helpPaths.adminCreateQuestion(lang)}>
            <span className="p-button-label">{t('admin_faq.create_question')}</span>
          </Link>
        </>
      }
    >
      <QueryState
        result={faq}
        isEmpty={(data) => data.categories.length === 0}
        empty={<p className="muted">{t('admin_faq.empty')}</p>}
      >
        {(data) => (
          <div className="admin-form">
            {[...data.categories]
              .sort((a, b) => a.position - b.position)
              .map((category) => (
                <section
                  key={category.id}
                  className="card admin-faq-category"
                  data-testid="admin-faq-category"
                >
                  <header>
                    <h2>
                      <span className="muted small">{category.position}.</span>{' '}
                      {lang === 'ru' ? category.name_ru : category.name_en}{' '}
                      <span className="muted small">({category.code})</span>
                    </h2>
                    <div className="admin-actions">
                      <Link to={helpPaths.adminEditCategory(lang, category.id)}>{t('admin_faq.edit')}</Link>
                      <Link to={helpPaths.adminCreateQuestion(lang, category.id)}>
                        {t('admin_faq.create_question')}
                      </Link>
                      <Button
                        type="button"
                        text
                        size="small"
                        severity="danger"
                        label={t('admin_faq.delete')}
                        onClick={() => confirmDelete(() => deleteCategory(category.id))}
                      />
                    </div>
                  </header>
                  {category.questions.length === 0 ? (
                    <p className="muted">{t('admin_faq.no_questions')}</p>
                  ) : (
                    <ul>
                      {[...category.questions]
                        .sort((a, b) => a.position - b.position)
                        .map((question) => (
                          <li key={question.id}>
                            <Link to={helpPaths.adminEditQuestion(lang, question.id)}>
                              <span className="muted small">{question.position}.</span>{' '}
                              {lang === 'ru' ? question.question_ru : question.question_en}
                            </Link>
                            <Button
                              type="button"
                              text
                              size="small"
                              severity="danger"
                              icon="pi pi-trash"
                              aria-label={t('admin_faq.delete')}
                              onClick={() => confirmDelete(() => deleteQuestion(question.id))}
                            />
                          </li>
                        ))}
                    </ul>
                  )}
                </section>
              ))}
          </div>
        )}
      </QueryState>
    </AdminLayout>
  );
}
