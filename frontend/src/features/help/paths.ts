import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

import type { PageCode } from '@/features/help/api/help-admin-api';

// The legal/info pages: `about` at the top level, the others under `agreement` (SPEC §2).
export const kPageCodes: readonly PageCode[] = [
  'about',
  'agreement',
  'rules',
  'privacy-policy',
  'cookie-policy',
  'tariffs',
];
export const kAgreementCodes: readonly PageCode[] = kPageCodes.filter((code) => code !== 'about');

export function pagePathParts(code: PageCode): string[] {
  if (code === 'about') return ['about'];
  if (code === 'agreement') return ['agreement'];
  return ['agreement', code];
}

export const helpPaths = {
  index: (lang: Language, q?: string) =>
    langPath(lang, ['help'], q === undefined || q === '' ? undefined : `q=${encodeURIComponent(q)}`),
  faq: (lang: Language, code: string) => langPath(lang, ['help', 'faq', code]),
  support: (lang: Language) => langPath(lang, ['help', 'support']),
  page: (lang: Language, code: PageCode) => langPath(lang, pagePathParts(code)),
  adminFaq: (lang: Language) => langPath(lang, ['admin', 'faq']),
  adminCreateCategory: (lang: Language) => langPath(lang, ['admin', 'faq', 'create-category']),
  adminEditCategory: (lang: Language, id: number) => langPath(lang, ['admin', 'faq', 'edit-category', id]),
  adminCreateQuestion: (lang: Language, category?: number) =>
    langPath(
      lang,
      ['admin', 'faq', 'create-question'],
      category === undefined ? undefined : `category=${category}`,
    ),
  adminEditQuestion: (lang: Language, id: number) => langPath(lang, ['admin', 'faq', 'edit-question', id]),
  adminPages: (lang: Language) => langPath(lang, ['admin', 'pages']),
  adminPage: (lang: Language, code: PageCode, pageLang: Language) =>
    langPath(lang, ['admin', 'pages', code, pageLang]),
  adminTickets: (lang: Language, status?: string) =>
    langPath(lang, ['admin', 'tickets'], status === undefined ? undefined : `status=${status}`),
  adminTicket: (lang: Language, id: number) => langPath(lang, ['admin', 'tickets', id]),
};
