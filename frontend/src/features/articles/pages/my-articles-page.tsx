import '@/styles/marketplace.css';
import '@/styles/jobs.css';
import '@/styles/articles.css';

import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router-dom';

import { KeysetPages } from '@/components/keyset-pages';
import {
  useDeleteArticleMutation,
  useListMyArticlesQuery,
  useSubmitArticleMutation,
} from '@/features/articles/api/articles-api';
import { ArticleCardsPage } from '@/features/articles/components/article-cards-page';
import { ModerationNote } from '@/features/articles/components/moderation-note';
import type { ArticleCard as ArticleCardData, ArticleStatus } from '@/features/articles/model/types';
import { articlePaths } from '@/features/articles/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { oneOf } from '@/lib/filters/url-params';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';

const kStatuses = ['draft', 'moderation', 'published', 'blocked'] as const satisfies readonly ArticleStatus[];

function MyActions({ article }: { article: ArticleCardData }) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const [submit, submitting] = useSubmitArticleMutation();
  const [remove] = useDeleteArticleMutation();
  return (
    <div className="my-article-footer" data-testid="my-article-footer">
      <ModerationNote moderation={article.moderation} />
      <div className="card-actions">
        <Link to={articlePaths.edit(lang, article.code)} className="p-button p-button-outlined p-button-sm">
          {t('my.edit')}
        </Link>
        {(article.status === 'draft' || article.status === 'blocked') && (
          <Button
            type="button"
            size="small"
            label={t('my.submit')}
            loading={submitting.isLoading}
            onClick={async () => {
              const result = await submit({ id: article.id });
              if ('data' in result) showToast({ severity: 'success', summary: t('my.submitted') });
            }}
          />
        )}
        <Button
          type="button"
          size="small"
          text
          severity="danger"
          label={t('my.delete')}
          onClick={() =>
            confirmDialog({
              message: t('my.delete_confirm'),
              accept: async () => {
                const result = await remove({ id: article.id });
                if (!('error' in result)) showToast({ severity: 'success', summary: t('my.deleted') });
              },
            })
          }
        />
      </div>
    </div>
  );
}

function MyPage({
  status,
  cursor,
  last,
  onMore,
}: {
  status: ArticleStatus | null;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('articles');
  const result = useListMyArticlesQuery({ status: status ?? undefined, cursor, limit: 20 });
  return (
    <ArticleCardsPage
      result={result}
      cursor={cursor}
      last={last}
      empty={<p className="empty-state">{t('my.empty')}</p>}
      actions={(article) => <MyActions article={article} />}
      onMore={onMore}
    />
  );
}

// articles/-my-: the author's articles in every state (tabs in the URL, ?status=), with the moderator's reason and
// comment on returned and blocked ones, and edit / submit / delete.
export default function MyArticlesPage() {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const [searchParams] = useSearchParams();
  const status = oneOf(searchParams.get('status'), kStatuses);
  useDocumentTitle(t('my.title'));
  const tab = (value: ArticleStatus | null) => (
    <NavLink
      key={value ?? 'all'}
      to={articlePaths.my(lang, value === null ? undefined : `status=${value}`)}
      className={() => (status === value ? 'tab active' : 'tab')}
      end
    >
      {t(`my.tabs.${value ?? 'all'}`)}
    </NavLink>
  );
  return (
    <section className="page my-articles-page">
      <div className="card-header-row">
        <h1>{t('my.title')}</h1>
        <Link to={articlePaths.create(lang)} className="p-button">
          {t('list.create')}
        </Link>
      </div>
      <nav className="status-tabs" aria-label={t('my.title')}>
        {tab(null)}
        {kStatuses.map((value) => tab(value))}
      </nav>
      <div className="order-results article-results">
        <KeysetPages key={status ?? 'all'} remember>
          {(page) => <MyPage status={status} {...page} />}
        </KeysetPages>
      </div>
    </section>
  );
}
