import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// The signed-in user's favourites (/{lang}/favourites?kind=…&page=…).
export const favouritesPaths = {
  favourites: (lang: Language) => langPath(lang, ['favourites']),
};
