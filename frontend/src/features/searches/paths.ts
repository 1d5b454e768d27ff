import type { SavedSearch } from '@/lib/api/schema.generated';
import type { Language } from '@/lib/i18n/languages';
import { langPath, paths } from '@/lib/routing/paths';

// The signed-in user's saved searches (/{lang}/searches), and the list a search opens.
export const searchesPaths = {
  searches: (lang: Language) => langPath(lang, ['searches']),
  list: (lang: Language, search: Pick<SavedSearch, 'scope' | 'filter'>) => {
    const { category, ...rest } = search.filter;
    const params = new URLSearchParams();
    // The vacancies' repeated parameters were saved comma-separated.
    for (const [key, value] of Object.entries(rest)) {
      if (key === 'employment' || key === 'schedule') {
        for (const each of value.split(',')) params.append(key, each);
      } else {
        params.set(key, value);
      }
    }
    const query = params.toString();
    return search.scope === 'vacancies'
      ? paths.vacancies(lang, category, query)
      : paths.orders(lang, category, query);
  },
};
