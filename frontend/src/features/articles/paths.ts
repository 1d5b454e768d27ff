import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// The articles screens (SPEC §2): `-create-` and `-my-` never collide with a slug (slugs start with [a-z0-9]).
export const articlePaths = {
  list: (lang: Language, search?: string) => langPath(lang, ['articles'], search),
  article: (lang: Language, code: string) => langPath(lang, ['articles', code]),
  edit: (lang: Language, code: string) => langPath(lang, ['articles', code, 'edit']),
  create: (lang: Language) => langPath(lang, ['articles', '-create-']),
  my: (lang: Language, search?: string) => langPath(lang, ['articles', '-my-'], search),
  admin: (lang: Language, search?: string) => langPath(lang, ['admin', 'articles'], search),
  adminCreateCategory: (lang: Language) => langPath(lang, ['admin', 'articles', 'create-category']),
  adminEditCategory: (lang: Language, id: number) =>
    langPath(lang, ['admin', 'articles', 'edit-category', id]),
  adminCreateArticle: (lang: Language) => langPath(lang, ['admin', 'articles', 'create-article']),
  adminEditArticle: (lang: Language, id: number) => langPath(lang, ['admin', 'articles', 'edit-article', id]),
};
