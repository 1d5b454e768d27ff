import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// The screens only this feature links to.
export const profilesPaths = {
  project: (lang: Language, userId: number | string, projectId: number) =>
    langPath(lang, ['freelancer', userId, 'portfolio', projectId]),
};
