import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { ArticleCard as ArticleCardData } from '@/features/articles/model/types';
import { articlePaths } from '@/features/articles/paths';
import { formatDate, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

export interface ArticleCardProps {
  article: ArticleCardData;
  // The category's name (the list knows the categories).
  categoryName?: string;
  // The status badge (the author's and the admins' lists).
  showStatus?: boolean;
  // Where the title leads (the admin's edit screen); the article's page by default.
  to?: string;
  // The author's or the admin's actions under the card.
  footer?: ReactNode;
}

// An article in a list: cover, title, lead, category, tags (each filters the list), author, date and counters.
export function ArticleCard({ article, categoryName, showStatus = false, to, footer }: ArticleCardProps) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const date = article.published_at ?? article.updated_at;
  return (
    <article className="card article-card" data-testid="article-card">
      {article.cover !== null && (
        <img className="article-card-cover" src={article.cover.thumbnail_url} alt="" loading="lazy" />
      )}
      <div className="article-card-text">
        <h2>
          <Link to={to ?? articlePaths.article(lang, article.code)}>{article.title}</Link>
        </h2>
        <p className="muted small article-card-meta">
          {showStatus && (
            <span className={`badge article-status-${article.status}`}>{t(`status.${article.status}`)}</span>
          )}
          {categoryName !== undefined && <span>{categoryName}</span>}
          <span>{fullName(article.author)}</span>
          <span>{formatDate(date, lang)}</span>
        </p>
        {article.lead !== '' && <p className="article-card-lead">{article.lead}</p>}
        {article.tags.length > 0 && (
          <ul className="chips">
            {article.tags.map((tag) => (
              <li key={tag} className="chip">
                <Link to={articlePaths.list(lang, `tag=${encodeURIComponent(tag)}`)}>#{tag}</Link>
              </li>
            ))}
          </ul>
        )}
        <p className="muted small article-card-counts">
          <span>
            <span className="pi pi-star" aria-hidden="true" /> {t('card.rating', { value: article.rating })}
          </span>
          <span>
            <span className="pi pi-eye" aria-hidden="true" /> {t('card.views', { count: article.view_count })}
          </span>
          <span>
            <span className="pi pi-comments" aria-hidden="true" />{' '}
            {t('card.comments', { count: article.comment_count })}
          </span>
        </p>
        {footer}
      </div>
    </article>
  );
}
