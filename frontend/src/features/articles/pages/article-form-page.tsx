import '@/styles/marketplace.css';
import '@/styles/markdown.css';
import '@/styles/articles.css';

import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import {
  useCreateArticleMutation,
  useGetArticleQuery,
  useListArticleCategoriesQuery,
  useSubmitArticleMutation,
  useUpdateArticleMutation,
} from '@/features/articles/api/articles-api';
import { ArticleForm } from '@/features/articles/components/article-form';
import { ModerationNote } from '@/features/articles/components/moderation-note';
import type { Article, ArticleCategory, ArticleInput } from '@/features/articles/model/types';
import { articlePaths } from '@/features/articles/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';

type Intent = 'draft' | 'submit';

function AuthorForm({ article, categories }: { article: Article | null; categories: ArticleCategory[] }) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [create, created] = useCreateArticleMutation();
  const [update, updated] = useUpdateArticleMutation();
  const [submit, submitted] = useSubmitArticleMutation();
  useDocumentTitle(article === null ? t('form.title_create') : t('form.title_edit'));
  const saveResult = article === null ? created : updated;
  // An article on moderation waits for the moderator: saving keeps it there; a published one goes back to it.
  const canSubmit = article === null || article.status === 'draft' || article.status === 'blocked';
  const intents = [
    { intent: 'draft' as const, label: t('form.save_draft'), primary: !canSubmit },
    ...(canSubmit ? [{ intent: 'submit' as const, label: t('form.submit'), primary: true }] : []),
  ];
  const onSave = async (input: ArticleInput, intent: Intent) => {
    const result =
      article === null
        ? await create({ articleInput: input })
        : await update({ id: article.id, articleInput: input });
    if (!('data' in result) || result.data === undefined) return;
    const saved = result.data;
    if (intent === 'submit') {
      const sent = await submit({ id: saved.id });
      if ('data' in sent) {
        showToast({ severity: 'success', summary: t('form.submitted') });
        navigate(articlePaths.my(lang));
      } else if (article === null) {
        navigate(articlePaths.edit(lang, saved.code), { replace: true });
      }
      return;
    }
    showToast({ severity: 'success', summary: t('form.saved') });
    if (article === null || saved.code !== article.code)
      navigate(articlePaths.edit(lang, saved.code), { replace: true });
  };
  return (
    <section className="page article-form-page">
      <h1>{article === null ? t('form.title_create') : t('form.title_edit')}</h1>
      {article !== null && <ModerationNote moderation={article.moderation} />}
      <ArticleForm
        key={article?.id ?? 'new'}
        article={article}
        categories={categories}
        intents={intents}
        onSave={onSave}
        server={fieldErrors(saveResult.error)}
        saving={saveResult.isLoading || submitted.isLoading}
        coverEnabled
      />
    </section>
  );
}

function EditForm({ code, categories }: { code: string; categories: ArticleCategory[] }) {
  const query = useGetArticleQuery({ code });
  if (query.data === undefined) {
    if (errorStatus(query.error) === 404) return <NotFoundPage />;
    return <QueryFallback results={[query]} page />;
  }
  if (!query.data.is_author) return <NotFoundPage />;
  return <AuthorForm article={query.data} categories={categories} />;
}

// articles/-create- and articles/{code}/edit: the author's form; "Save draft" keeps it a draft (and moves to the
// edit address, where the preview and the cover work), "Submit for moderation" saves and submits.
export default function ArticleFormPage() {
  const { code } = useParams();
  const categories = useListArticleCategoriesQuery();
  if (categories.data === undefined) return <QueryFallback results={[categories]} page />;
  if (code === undefined) return <AuthorForm article={null} categories={categories.data.items} />;
  return <EditForm code={code} categories={categories.data.items} />;
}
