import type { Article, ArticleInput, ArticleLang } from '@/features/articles/model/types';

// The article form as typed (tags as one comma-separated line), checked at once against the server's limits
// (docs/api/openapi.yaml ArticleInput), converted on save.
export interface ArticleDraft {
  title: string;
  code: string;
  lead: string;
  body: string;
  categoryId: number | null;
  tags: string;
  lang: ArticleLang;
}

export type DraftErrorKey =
  'required' | 'title_length' | 'code_format' | 'lead_length' | 'body_length' | 'tags_count' | 'tag_length';

export type DraftErrors = Partial<
  Record<'title' | 'code' | 'lead' | 'body' | 'category_id' | 'tags', DraftErrorKey>
>;

export const kCodePattern = /^[a-z0-9][a-z0-9-]{2,99}$/;

export function draftOfArticle(article: Article | null, lang: ArticleLang): ArticleDraft {
  return {
    title: article?.title ?? '',
    code: article?.code ?? '',
    lead: article?.lead ?? '',
    body: article?.body ?? '',
    categoryId: article?.category_id ?? null,
    tags: article?.tags.join(', ') ?? '',
    lang: article?.lang ?? lang,
  };
}

export function parseTags(line: string): string[] {
  const tags = line
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag !== '');
  return [...new Set(tags)];
}

export function checkArticleDraft(draft: ArticleDraft): DraftErrors {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (title === '') errors.title = 'required';
  else if (title.length < 3 || title.length > 200) errors.title = 'title_length';
  const code = draft.code.trim();
  if (code !== '' && !kCodePattern.test(code)) errors.code = 'code_format';
  if (draft.lead.trim().length > 500) errors.lead = 'lead_length';
  if (draft.body.trim() === '') errors.body = 'required';
  else if (draft.body.length > 100000) errors.body = 'body_length';
  if (draft.categoryId === null) errors.category_id = 'required';
  const tags = parseTags(draft.tags);
  if (tags.length > 10) errors.tags = 'tags_count';
  else if (tags.some((tag) => tag.length < 2 || tag.length > 32)) errors.tags = 'tag_length';
  return errors;
}

export function toArticleInput(draft: ArticleDraft): ArticleInput {
  const code = draft.code.trim();
  return {
    title: draft.title.trim(),
    code: code === '' ? null : code,
    lead: draft.lead.trim(),
    body: draft.body,
    category_id: draft.categoryId ?? 0,
    tags: parseTags(draft.tags),
    lang: draft.lang,
  };
}
