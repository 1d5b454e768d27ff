import '@/styles/marketplace.css';
import '@/styles/markdown.css';
import '@/styles/articles.css';

import { Checkbox } from 'primereact/checkbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import {
  useCreateAdminArticleMutation,
  useGetAdminArticleQuery,
  useListArticleCategoriesQuery,
  useUpdateAdminArticleMutation,
} from '@/features/articles/api/articles-api';
import { ArticleForm } from '@/features/articles/components/article-form';
import { ModerationNote } from '@/features/articles/components/moderation-note';
import type { Article, ArticleCategory, ArticleInput } from '@/features/articles/model/types';
import { articlePaths } from '@/features/articles/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { showToast } from '@/lib/toast/toast-store';

function AdminForm({ article, categories }: { article: Article | null; categories: ArticleCategory[] }) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [publish, setPublish] = useState(article?.status === 'published');
  const [create, created] = useCreateAdminArticleMutation();
  const [update, updated] = useUpdateAdminArticleMutation();
  const title = article === null ? t('admin.create_article') : t('admin.edit_article');
  useDocumentTitle(title);
  const result = article === null ? created : updated;
  const onSave = async (input: ArticleInput) => {
    const body = { ...input, publish };
    const saved = article === null ? await create(body) : await update({ id: article.id, input: body });
    if (!('data' in saved) || saved.data === undefined) return;
    showToast({ severity: 'success', summary: t('admin.saved') });
    if (article === null) navigate(articlePaths.adminEditArticle(lang, saved.data.id), { replace: true });
  };
  return (
    <AdminLayout title={title}>
      {article !== null && <ModerationNote moderation={article.moderation} />}
      <ArticleForm
        key={article?.id ?? 'new'}
        article={article}
        categories={categories}
        intents={[{ intent: 'save', label: t('admin.save'), primary: true }]}
        onSave={onSave}
        server={fieldErrors(result.error)}
        saving={result.isLoading}
        coverEnabled={article?.is_author === true}
        extra={
          <div className="field-checkbox">
            <Checkbox
              inputId="article-publish"
              checked={publish}
              onChange={(event) => setPublish(event.checked === true)}
            />
            <label htmlFor="article-publish">{t('form.publish')}</label>
          </div>
        }
      />
    </AdminLayout>
  );
}

function EditAdminForm({ id, categories }: { id: number; categories: ArticleCategory[] }) {
  const query = useGetAdminArticleQuery({ id });
  if (query.data === undefined) {
    if (errorStatus(query.error) === 404) return <NotFoundPage />;
    return <QueryFallback results={[query]} page />;
  }
  return <AdminForm key={query.data.id} article={query.data} categories={categories} />;
}

// admin/articles/create-article and admin/articles/edit-article/{id}: the article form with "publish at once"; the
// admin authors what they create, and editing someone's article keeps its author.
export default function AdminArticleFormPage() {
  const { id } = useParams();
  const categories = useListArticleCategoriesQuery();
  if (id !== undefined && !isDigitId(id)) return <NotFoundPage />;
  if (categories.data === undefined) return <QueryFallback results={[categories]} page />;
  if (id === undefined) return <AdminForm article={null} categories={categories.data.items} />;
  return <EditAdminForm id={Number(id)} categories={categories.data.items} />;
}
