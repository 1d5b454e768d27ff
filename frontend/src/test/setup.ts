import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';

import enAccount from '@catalog/en/account.json';
import enAdmin from '@catalog/en/admin.json';
import enApplicants from '@catalog/en/applicants.json';
import enArticles from '@catalog/en/articles.json';
import enCommon from '@catalog/en/common.json';
import enEmployers from '@catalog/en/employers.json';
import enHelp from '@catalog/en/help.json';
import enErrors from '@catalog/en/errors.json';
import enJobs from '@catalog/en/jobs.json';
import enLanding from '@catalog/en/landing.json';
import enMessenger from '@catalog/en/messenger.json';
import enNotifications from '@catalog/en/notifications.json';
import enOrders from '@catalog/en/orders.json';
import enPrimereact from '@catalog/en/primereact.json';
import enProfiles from '@catalog/en/profiles.json';
import enShell from '@catalog/en/shell.json';
import enWallet from '@catalog/en/wallet.json';
import enFavourites from '@catalog/en/favourites.json';
import enSearches from '@catalog/en/searches.json';
import ruAccount from '@catalog/ru/account.json';
import ruAdmin from '@catalog/ru/admin.json';
import ruApplicants from '@catalog/ru/applicants.json';
import ruArticles from '@catalog/ru/articles.json';
import ruCommon from '@catalog/ru/common.json';
import ruEmployers from '@catalog/ru/employers.json';
import ruHelp from '@catalog/ru/help.json';
import ruErrors from '@catalog/ru/errors.json';
import ruJobs from '@catalog/ru/jobs.json';
import ruLanding from '@catalog/ru/landing.json';
import ruMessenger from '@catalog/ru/messenger.json';
import ruNotifications from '@catalog/ru/notifications.json';
import ruOrders from '@catalog/ru/orders.json';
import ruPrimereact from '@catalog/ru/primereact.json';
import ruProfiles from '@catalog/ru/profiles.json';
import ruShell from '@catalog/ru/shell.json';
import ruWallet from '@catalog/ru/wallet.json';
import ruFavourites from '@catalog/ru/favourites.json';
import ruSearches from '@catalog/ru/searches.json';
import { i18n } from '@/lib/i18n/i18n';

// Lazy route chunks load through the real dynamic import; a busy CI machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// Tests use the real catalogues, bundled, instead of the HTTP backend.
await i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  resources: {
    en: {
      common: enCommon,
      shell: enShell,
      account: enAccount,
      admin: enAdmin,
      landing: enLanding,
      orders: enOrders,
      messenger: enMessenger,
      notifications: enNotifications,
      primereact: enPrimereact,
      profiles: enProfiles,
      jobs: enJobs,
      employers: enEmployers,
      help: enHelp,
      applicants: enApplicants,
      articles: enArticles,
      errors: enErrors,
      wallet: enWallet,
      favourites: enFavourites,
      searches: enSearches,
    },
    ru: {
      common: ruCommon,
      shell: ruShell,
      account: ruAccount,
      admin: ruAdmin,
      landing: ruLanding,
      orders: ruOrders,
      messenger: ruMessenger,
      notifications: ruNotifications,
      primereact: ruPrimereact,
      profiles: ruProfiles,
      jobs: ruJobs,
      employers: ruEmployers,
      help: ruHelp,
      applicants: ruApplicants,
      articles: ruArticles,
      errors: ruErrors,
      wallet: ruWallet,
      favourites: ruFavourites,
      searches: ruSearches,
    },
  },
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
