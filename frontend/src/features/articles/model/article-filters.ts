import type { ListArticlesArg } from '@/features/articles/api/articles-api';
import type { ArticleLang, ArticleSort } from '@/features/articles/model/types';
import { idOf, oneOf } from '@/lib/filters/url-params';

export const kArticleSorts = ['date', 'rating', 'popular'] as const satisfies readonly ArticleSort[];
export const kArticleLangs = ['en', 'ru'] as const satisfies readonly ArticleLang[];

// The articles list's filters, a plain value in the URL (?q, category, tag, lang, sort).
export interface ArticleFilters {
  q: string;
  category: number | null;
  tag: string;
  lang: ArticleLang | null;
  sort: ArticleSort;
}

export const kEmptyArticleFilters: ArticleFilters = {
  q: '',
  category: null,
  tag: '',
  lang: null,
  sort: 'date',
};

export function parseArticleFilters(search: URLSearchParams): ArticleFilters {
  return {
    q: (search.get('q') ?? '').trim(),
    category: idOf(search.get('category')),
    tag: (search.get('tag') ?? '').trim().toLowerCase(),
    lang: oneOf(search.get('lang'), kArticleLangs),
    sort: oneOf(search.get('sort'), kArticleSorts) ?? 'date',
  };
}

export function articleFiltersToSearch(filters: ArticleFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q !== '') search.set('q', filters.q);
  if (filters.category !== null) search.set('category', String(filters.category));
  if (filters.tag !== '') search.set('tag', filters.tag);
  if (filters.lang !== null) search.set('lang', filters.lang);
  if (filters.sort !== 'date') search.set('sort', filters.sort);
  return search;
}

export function toArticleArgs(filters: ArticleFilters): ListArticlesArg {
  return {
    q: filters.q === '' ? undefined : filters.q,
    category: filters.category ?? undefined,
    tag: filters.tag === '' ? undefined : filters.tag,
    lang: filters.lang ?? undefined,
    sort: filters.sort,
  };
}
