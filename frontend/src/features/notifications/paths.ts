import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// The notifications page (the bell links to it; on phones it opens instead of the popover).
export const notificationsPaths = {
  page: (lang: Language) => langPath(lang, ['notifications']),
};
