import '@/styles/marketplace.css';
import '@/styles/markdown.css';
import '@/styles/articles.css';

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import {
  useGetArticleQuery,
  useListArticleCategoriesQuery,
  useVoteArticleMutation,
} from '@/features/articles/api/articles-api';
import { Comments } from '@/features/articles/components/comments';
import { ModerationNote } from '@/features/articles/components/moderation-note';
import { VoteButtons } from '@/features/articles/components/vote-buttons';
import type { Article } from '@/features/articles/model/types';
import { articlePaths } from '@/features/articles/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatDate, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { useViewer } from '@/lib/session/viewer';

function ArticleView({ article }: { article: Article }) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const viewer = useViewer();
  const { data: categories } = useListArticleCategoriesQuery();
  const category = categories?.items.find((item) => item.id === article.category_id);
  const [vote, voting] = useVoteArticleMutation();
  useDocumentTitle(article.title);
  const published = article.status === 'published';
  return (
    <article className="page article-page" data-testid="article-page">
      <p className="article-back">
        <Link to={articlePaths.list(lang)}>
          <span className="pi pi-arrow-left" aria-hidden="true" /> {t('page.back')}
        </Link>
      </p>
      {!published && (
        <div className="article-state-row">
          <span className={`badge article-status-${article.status}`} data-testid="article-status">
            {t(`status.${article.status}`)}
          </span>
          <span className="muted small">{t('page.not_published')}</span>
        </div>
      )}
      {(article.is_author || viewer.admin === true) && <ModerationNote moderation={article.moderation} />}
      <header className="article-header">
        <h1>{article.title}</h1>
        <p className="muted small article-card-meta">
          {category !== undefined && (
            <Link to={articlePaths.list(lang, `category=${category.id}`)}>{category.name}</Link>
          )}
          {article.published_at !== null && (
            <span>{t('page.published', { date: formatDate(article.published_at, lang) })}</span>
          )}
          <span>
            <span className="pi pi-eye" aria-hidden="true" /> {t('card.views', { count: article.view_count })}
          </span>
        </p>
        {(article.is_author || viewer.admin === true) && (
          <div className="card-actions">
            {article.is_author && (
              <Link
                to={articlePaths.edit(lang, article.code)}
                className="p-button p-button-outlined p-button-sm"
              >
                {t('page.edit')}
              </Link>
            )}
            {viewer.admin === true && (
              <Link
                to={articlePaths.adminEditArticle(lang, article.id)}
                className="p-button p-button-text p-button-sm"
              >
                {t('admin.edit')}
              </Link>
            )}
          </div>
        )}
      </header>
      {article.cover !== null && <img className="article-cover" src={article.cover.url} alt="" />}
      {article.lead !== '' && <p className="article-lead">{article.lead}</p>}
      {/* Safe by construction: the server renders Markdown with cmark, raw HTML off (contract, Markdown HTML). */}
      <div
        className="markdown-body"
        data-testid="article-body"
        dangerouslySetInnerHTML={{ __html: article.body_html }}
      />
      {article.tags.length > 0 && (
        <ul className="chips article-tags" aria-label={t('page.tags')}>
          {article.tags.map((tag) => (
            <li key={tag} className="chip">
              <Link to={articlePaths.list(lang, `tag=${encodeURIComponent(tag)}`)}>#{tag}</Link>
            </li>
          ))}
        </ul>
      )}
      <div className="article-footer">
        {published && (
          <div className="article-rating">
            <span className="muted small">{t('page.rating')}</span>
            <VoteButtons
              rating={article.rating}
              myVote={article.my_vote}
              canVote={article.can_vote}
              busy={voting.isLoading}
              upLabel={t('page.vote_up')}
              downLabel={t('page.vote_down')}
              onVote={(value) => void vote({ id: article.id, voteInput: { value } })}
              testId="article-votes"
            />
          </div>
        )}
        <div className="article-author card" data-testid="article-author">
          <img
            className="avatar"
            src={article.author.avatar ?? kDefaultAvatar}
            alt=""
            width={48}
            height={48}
          />
          <div>
            <span className="muted small">{t('page.author')}</span>
            <p className="article-author-name">{fullName(article.author)}</p>
          </div>
        </div>
      </div>
      {published && <Comments articleId={article.id} count={article.comment_count} />}
    </article>
  );
}

// articles/{code}: the article (published, or the author's and the admins' own view of any state), its votes,
// the author and the comments.
export default function ArticlePage() {
  const { code = '' } = useParams();
  const query = useGetArticleQuery({ code });
  if (query.data === undefined) {
    if (errorStatus(query.error) === 404) return <NotFoundPage />;
    return <QueryFallback results={[query]} page />;
  }
  return <ArticleView key={query.data.id} article={query.data} />;
}
