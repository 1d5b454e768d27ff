import '@/styles/marketplace.css';
import '@/styles/jobs.css';
import '@/styles/articles.css';

import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { KeysetPages } from '@/components/keyset-pages';
import { ListSearchForm } from '@/components/list-search-form';
import { QueryState } from '@/components/query-state';
import {
  useListAdminArticlesQuery,
  useListAdminCategoriesQuery,
  usePublishArticleMutation,
} from '@/features/articles/api/articles-api';
import { ArticleCardsPage } from '@/features/articles/components/article-cards-page';
import { ModerationDialog } from '@/features/articles/components/moderation-dialog';
import { ModerationNote } from '@/features/articles/components/moderation-note';
import type { ArticleCard as ArticleCardData, ArticleStatus } from '@/features/articles/model/types';
import { articlePaths } from '@/features/articles/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { oneOf } from '@/lib/filters/url-params';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';

const kStatuses = ['moderation', 'published', 'draft', 'blocked'] as const satisfies readonly ArticleStatus[];

function AdminActions({ article }: { article: ArticleCardData }) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const [publish, publishing] = usePublishArticleMutation();
  const [dialog, setDialog] = useState<'return' | 'block' | null>(null);
  return (
    <div className="my-article-footer" data-testid="admin-article-actions">
      <ModerationNote moderation={article.moderation} />
      <div className="card-actions">
        <Link to={articlePaths.article(lang, article.code)} className="p-button p-button-text p-button-sm">
          {t('admin.open')}
        </Link>
        <Link
          to={articlePaths.adminEditArticle(lang, article.id)}
          className="p-button p-button-outlined p-button-sm"
        >
          {t('admin.edit')}
        </Link>
        {article.status !== 'published' && (
          <Button
            type="button"
            size="small"
            label={t('admin.publish')}
            loading={publishing.isLoading}
            onClick={async () => {
              const result = await publish({ id: article.id });
              if ('data' in result) showToast({ severity: 'success', summary: t('admin.published') });
            }}
          />
        )}
        {(article.status === 'moderation' || article.status === 'published') && (
          <Button
            type="button"
            size="small"
            outlined
            label={t('admin.return')}
            onClick={() => setDialog('return')}
          />
        )}
        {article.status !== 'blocked' && (
          <Button
            type="button"
            size="small"
            outlined
            severity="danger"
            label={t('admin.block')}
            onClick={() => setDialog('block')}
          />
        )}
      </div>
      {dialog !== null && (
        <ModerationDialog articleId={article.id} action={dialog} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

function AdminPage({
  status,
  q,
  cursor,
  last,
  onMore,
}: {
  status: ArticleStatus;
  q: string;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('articles');
  const result = useListAdminArticlesQuery({ status, q: q === '' ? undefined : q, cursor, limit: 20 });
  return (
    <ArticleCardsPage
      result={result}
      cursor={cursor}
      last={last}
      empty={<p className="empty-state">{t('admin.empty')}</p>}
      actions={(article) => <AdminActions article={article} />}
      onMore={onMore}
    />
  );
}

function Categories() {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const result = useListAdminCategoriesQuery();
  return (
    <section className="card admin-article-categories" aria-labelledby="admin-categories-title">
      <div className="card-header-row">
        <h2 id="admin-categories-title">{t('admin.categories')}</h2>
        <Link to={articlePaths.adminCreateCategory(lang)} className="p-button p-button-outlined p-button-sm">
          {t('admin.create_category')}
        </Link>
      </div>
      <QueryState result={result}>
        {(data) => (
          <ul className="admin-category-list">
            {data.items.map((item) => (
              <li key={item.id}>
                <Link to={articlePaths.adminEditCategory(lang, item.id)}>
                  {lang === 'ru' ? item.name_ru : item.name_en}
                </Link>
                <span className="muted small">{item.code}</span>
                {item.article_count !== undefined && (
                  <span className="muted small">
                    {t('admin.category_articles', { count: item.article_count })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

// admin/articles: the moderation queue by default, the other states in tabs (?status=), search (?q=); publish,
// return and block (reason + comment); the categories with their create and edit screens.
export default function AdminArticlesPage() {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = oneOf(searchParams.get('status'), kStatuses) ?? 'moderation';
  const q = (searchParams.get('q') ?? '').trim();
  useDocumentTitle(t('admin.title'));
  const tabSearch = (value: ArticleStatus) => {
    const search = new URLSearchParams();
    if (value !== 'moderation') search.set('status', value);
    if (q !== '') search.set('q', q);
    return search.toString();
  };
  return (
    <AdminLayout
      title={t('admin.title')}
      actions={
        <Link to={articlePaths.adminCreateArticle(lang)} className="p-button p-button-sm">
          {t('admin.create_article')}
        </Link>
      }
    >
      <div className="admin-articles-page">
        <nav className="status-tabs" aria-label={t('admin.title')}>
          {kStatuses.map((value) => (
            <NavLink
              key={value}
              to={articlePaths.admin(lang, tabSearch(value))}
              className={() => (status === value ? 'tab active' : 'tab')}
              end
            >
              {t(`admin.tabs.${value}`)}
            </NavLink>
          ))}
        </nav>
        <ListSearchForm
          key={q}
          initial={q}
          label={t('admin.search_label')}
          placeholder={t('admin.search_placeholder')}
          onSearch={(value) => {
            const search = new URLSearchParams(searchParams);
            if (value.trim() === '') search.delete('q');
            else search.set('q', value.trim());
            setSearchParams(search);
          }}
        />
        <div className="order-results article-results" data-testid="admin-article-results">
          <KeysetPages key={`${status}?${q}`}>
            {(page) => <AdminPage status={status} q={q} {...page} />}
          </KeysetPages>
        </div>
        <Categories />
      </div>
    </AdminLayout>
  );
}
