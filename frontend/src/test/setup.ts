import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';

import { i18n } from '@/lib/i18n/i18n';

// Lazy route chunks load through the real dynamic import; a busy CI machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// Tests use the real catalogues, bundled, instead of the HTTP backend: every i18n/<lang>/<namespace>.json, so a new
// namespace needs no line here.
// Vite's glob import (vitest runs on Vite), typed here: the SPA's own build does not use it.
declare global {
  interface ImportMeta {
    glob<T>(pattern: string, options: { eager: true; import: 'default' }): Record<string, T>;
  }
}
const kCatalogues = import.meta.glob<Record<string, unknown>>('../../../i18n/*/*.json', {
  eager: true,
  import: 'default',
});

function catalogue(language: string): Record<string, Record<string, unknown>> {
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const [file, texts] of Object.entries(kCatalogues)) {
    const match = /\/i18n\/([a-z]+)\/([\w-]+)\.json$/.exec(file);
    if (match?.[1] === language && match[2] !== undefined) namespaces[match[2]] = texts;
  }
  return namespaces;
}

await i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  resources: { en: catalogue('en'), ru: catalogue('ru') },
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom implements neither scrolling nor media queries.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
if (window.matchMedia === undefined) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}
