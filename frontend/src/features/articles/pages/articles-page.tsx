import { EmptyResults } from '@/components/empty-results';
import '@/styles/marketplace.css';
import '@/styles/articles.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { KeysetPages } from '@/components/keyset-pages';
import { ListPageLayout } from '@/components/list-page-layout';
import { QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import {
  useListArticleCategoriesQuery,
  useListArticlesQuery,
  type ListArticlesArg,
} from '@/features/articles/api/articles-api';
import { ArticleCard } from '@/features/articles/components/article-card';
import {
  articleFiltersToSearch,
  kArticleLangs,
  kArticleSorts,
  kEmptyArticleFilters,
  parseArticleFilters,
  toArticleArgs,
  type ArticleFilters,
} from '@/features/articles/model/article-filters';
import type { ArticleCategory } from '@/features/articles/model/types';
import { articlePaths } from '@/features/articles/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { useViewer } from '@/lib/session/viewer';

const kPageSize = 20;

function ResultPage({
  args,
  categories,
  cursor,
  last,
  onMore,
  onReset,
}: {
  args: ListArticlesArg;
  categories: ArticleCategory[];
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('articles');
  const result = useListArticlesQuery({ ...args, cursor, limit: kPageSize });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<EmptyResults text={t('list.empty')} onReset={onReset} testId="articles-empty" />}
    >
      {(data) => (
        <>
          {data.items.map((article) => (
            <ArticleCard
              key={article.id}
              article={article}
              categoryName={categories.find((item) => item.id === article.category_id)?.name}
            />
          ))}
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// The category sidebar with each category's published articles (a row of chips on a phone, marketplace.css).
function ArticleCategoryNav({
  categories,
  filters,
}: {
  categories: ArticleCategory[] | undefined;
  filters: ArticleFilters;
}) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const link = (id: number | null) =>
    articlePaths.list(lang, articleFiltersToSearch({ ...filters, category: id }).toString());
  const total = categories?.reduce((sum, item) => sum + item.article_count, 0);
  return (
    <nav className="category-nav" aria-label={t('list.categories')}>
      <Link to={link(null)} className={filters.category === null ? 'active' : undefined}>
        <span>{t('list.all_categories')}</span>
        <span className="count">{total ?? ''}</span>
      </Link>
      {categories?.map((item) => (
        <Link
          key={item.id}
          to={link(item.id)}
          className={filters.category === item.id ? 'active' : undefined}
          aria-current={filters.category === item.id ? 'page' : undefined}
        >
          <span>{item.name}</span>
          <span className="count">{item.article_count}</span>
        </Link>
      ))}
    </nav>
  );
}

// articles: the published articles — category sidebar, tag filter, language, search and sort, all in the URL
// (model/article-filters), keyset pages with "show more".
export default function ArticlesPage() {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const viewer = useViewer();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseArticleFilters(searchParams);
  const { data: categoryData } = useListArticleCategoriesQuery();
  const categories = categoryData?.items;
  const current = categories?.find((item) => item.id === filters.category);
  const title = current === undefined ? t('list.title') : `${t('list.title')}: ${current.name}`;
  useDocumentTitle(title);
  const apply = (next: ArticleFilters) => setSearchParams(articleFiltersToSearch(next));
  const found = current?.article_count ?? categories?.reduce((sum, item) => sum + item.article_count, 0);
  const plain = filters.q === '' && filters.tag === '' && filters.lang === null;

  return (
    <ListPageLayout
      className="articles-page"
      title={title}
      action={
        <div className="articles-actions">
          {viewer.status === 'Authenticated' && (
            <Link to={articlePaths.my(lang)} className="p-button p-button-outlined">
              {t('list.my')}
            </Link>
          )}
          <Link to={articlePaths.create(lang)} className="p-button">
            {t('list.create')}
          </Link>
        </div>
      }
      nav={<ArticleCategoryNav categories={categories} filters={filters} />}
      search={{
        q: filters.q,
        label: t('list.search_label'),
        placeholder: t('list.search_placeholder'),
        onSearch: (q) => apply({ ...filters, q }),
      }}
      found={plain && found !== undefined ? t('list.found', { count: found }) : ''}
      sort={{
        label: t('list.sort_label'),
        value: filters.sort,
        options: kArticleSorts.map((value) => ({ value, label: t(`list.sort.${value}`) })),
        onChange: (sort) => apply({ ...filters, sort }),
      }}
      filtersOpen={filters.lang !== null}
      filters={
        <div className="filters-panel article-filters">
          <label className="field-label" htmlFor="article-lang">
            {t('list.lang_label')}
          </label>
          <Dropdown
            inputId="article-lang"
            value={filters.lang ?? 'any'}
            options={[
              { value: 'any', label: t('list.lang.any') },
              ...kArticleLangs.map((value) => ({ value, label: t(`list.lang.${value}`) })),
            ]}
            onChange={(event) => {
              const value = event.value as string;
              apply({ ...filters, lang: value === 'en' || value === 'ru' ? value : null });
            }}
          />
        </div>
      }
      resultsTestId="article-results"
    >
      {filters.tag !== '' && (
        <p className="article-tag-filter" data-testid="tag-filter">
          <span className="chip">{t('list.tag', { tag: filters.tag })}</span>
          <Button
            type="button"
            text
            size="small"
            icon="pi pi-times"
            aria-label={t('list.clear_tag')}
            onClick={() => apply({ ...filters, tag: '' })}
          />
        </p>
      )}
      <KeysetPages key={searchParams.toString()} remember>
        {(page) => (
          <ResultPage
            args={toArticleArgs(filters)}
            categories={categories ?? []}
            onReset={() => apply({ ...kEmptyArticleFilters })}
            {...page}
          />
        )}
      </KeysetPages>
    </ListPageLayout>
  );
}
