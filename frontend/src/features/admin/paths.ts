import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// The admin panel's screens (SPEC §2 admin routes); the other admin screens belong to their features.
export const adminPaths = {
  dashboard: (lang: Language) => langPath(lang, ['admin']),
  users: (lang: Language, search?: string) => langPath(lang, ['admin', 'users'], search),
  user: (lang: Language, id: number) => langPath(lang, ['admin', 'users', id]),
  audit: (lang: Language, search?: string) => langPath(lang, ['admin', 'audit'], search),
  articles: (lang: Language) => langPath(lang, ['admin', 'articles']),
  tickets: (lang: Language) => langPath(lang, ['admin', 'tickets']),
  landingPages: (lang: Language) => langPath(lang, ['admin', 'landing-pages']),
};
