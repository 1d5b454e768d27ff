import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { kDefaultLanguage, kLanguages } from '@/lib/i18n/languages';
import { applyPrimeLocale, registerPrimeLocales } from '@/lib/i18n/prime-locale';
import { logger } from '@/lib/logger';

// Loads /locales/{lng}/{ns}.json when a namespace is first needed. A failed load is logged and resolves with
// no texts, so navigation continues (keys then fall back to English).
export const httpBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${language}/${namespace}.json`, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => {
        logger.error('language file failed to load', { language, namespace, error: String(error) });
        callback(null, {});
      });
  },
};

export const i18n = i18next.createInstance();

// PrimeReact's texts follow the interface language (its namespace loads with the initial ones).
registerPrimeLocales();
i18n.on('languageChanged', (language: string) => applyPrimeLocale(i18n, language));

export function initI18n(language: string): Promise<unknown> {
  return i18n
    .use(httpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: kDefaultLanguage,
      supportedLngs: [...kLanguages],
      ns: ['common', 'shell', 'primereact'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}

export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? kDefaultLanguage;
}
