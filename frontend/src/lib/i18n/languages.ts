export const kLanguages = ['en', 'ru'] as const;
export type Language = (typeof kLanguages)[number];
export const kDefaultLanguage: Language = 'en';
export const kLanguageStorageKey = 'artel.lang';

export function isLanguage(value: string | null | undefined): value is Language {
  return value !== null && value !== undefined && (kLanguages as readonly string[]).includes(value);
}

// The language a path's prefix names (`/ru/...` → ru), else the default.
export function languageOfPath(pathname: string): Language {
  const prefix = pathname.split('/')[1];
  return isLanguage(prefix) ? prefix : kDefaultLanguage;
}

// The bare `/` picks the language: the saved choice, else the browser's languages in order, else en.
export function pickLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return kDefaultLanguage;
}

// `/en/settings/1/personal-data?x=1` → `/ru/settings/1/personal-data?x=1`.
export function swapLanguagePrefix(pathname: string, language: Language): string {
  const rest = pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '');
  return `/${language}${rest === '' ? '' : rest}`;
}

// `/ru/order/5` → `/order/5`: the page's identity regardless of the interface language, so switching the
// language keeps the page (and a half-filled form) mounted.
export function withoutLanguagePrefix(pathname: string): string {
  const rest = pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '');
  return rest === '' ? '/' : rest;
}
