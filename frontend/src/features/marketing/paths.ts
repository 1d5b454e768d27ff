import type { LandingKind } from '@/features/marketing/api/landing-pages-api';
import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

export const marketingPaths = {
  page: (lang: Language, kind: LandingKind, code: string) =>
    langPath(lang, ['lp', kind === 'create_order' ? 'create-order' : 'find-job', code]),
  adminList: (lang: Language) => langPath(lang, ['admin', 'landing-pages']),
  adminAdd: (lang: Language) => langPath(lang, ['admin', 'landing-pages', 'add']),
  adminEdit: (lang: Language, id: number) => langPath(lang, ['admin', 'landing-pages', 'edit', id]),
};
