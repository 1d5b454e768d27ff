import type { Language } from '@/lib/i18n/languages';

export type SettingsPage = 'personal-data' | 'change-password';
export const kSettingsPages: readonly SettingsPage[] = ['personal-data', 'change-password'];

export function isSettingsPage(value: string | undefined): value is SettingsPage {
  return value !== undefined && (kSettingsPages as readonly string[]).includes(value);
}

// Route paths by the route names of SPEC §2.
export const paths = {
  main: (lang: Language) => `/${lang}`,
  login: (lang: Language) => `/${lang}/login`,
  registration: (lang: Language) => `/${lang}/registration`,
  verificationEmail: (lang: Language) => `/${lang}/verification-email`,
  resetPassword: (lang: Language) => `/${lang}/reset-password`,
  settingsPage: (lang: Language, id: number | string, page: SettingsPage) =>
    `/${lang}/settings/${id}/${page}`,
  orders: (lang: Language, category?: string, search?: string) =>
    `/${lang}/orders${category === undefined ? '' : `/${category}`}${search === undefined || search === '' ? '' : `?${search}`}`,
  order: (lang: Language, id: number | string) => `/${lang}/order/${id}`,
  orderEdit: (lang: Language, id: number | string) => `/${lang}/order/${id}/edit`,
  createOrder: (lang: Language, performer?: number) =>
    `/${lang}/create-order${performer === undefined ? '' : `?performer=${performer}`}`,
  freelancerPage: (lang: Language, id: number | string, page: 'orders' | 'reviews') =>
    `/${lang}/freelancer/${id}/${page}`,
  customerPage: (lang: Language, id: number | string, page: 'orders' | 'reviews') =>
    `/${lang}/customer/${id}/${page}`,
};
