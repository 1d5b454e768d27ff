import type { Language } from '@/lib/i18n/languages';

// Builds /{lang}/a/b…?search — every feature's paths are made with it.
export function langPath(lang: Language, parts: readonly (string | number)[], search?: string): string {
  const path = [`/${lang}`, ...parts.map(String)].join('/');
  return search === undefined || search === '' ? path : `${path}?${search}`;
}

// The addresses (SPEC §2 route names) that more than one feature, or shared code, links to: a person link goes
// to the user's public pages, a notification to its order, a guard to login. A screen only its own feature links
// to keeps its path in features/<name>/paths.ts, so a new domain adds its file rather than editing this one.
export const paths = {
  main: (lang: Language) => langPath(lang, []),
  login: (lang: Language) => langPath(lang, ['login']),
  registration: (lang: Language) => langPath(lang, ['registration']),
  // The legal pages registration links to (help draws them: features/help/paths.ts).
  agreement: (lang: Language) => langPath(lang, ['agreement']),
  privacyPolicy: (lang: Language) => langPath(lang, ['agreement', 'privacy-policy']),
  orders: (lang: Language, category?: string, search?: string) =>
    langPath(lang, category === undefined ? ['orders'] : ['orders', category], search),
  order: (lang: Language, id: number | string) => langPath(lang, ['order', id]),
  createOrder: (lang: Language, performer?: number) =>
    langPath(lang, ['create-order'], performer === undefined ? undefined : `performer=${performer}`),
  // The freelancer catalogue (freelancers, freelancers/{category}) and the freelancer landing page (SPEC §2
  // freelancerLP: freelancer, no id).
  freelancers: (lang: Language, category?: string, search?: string) =>
    langPath(lang, category === undefined ? ['freelancers'] : ['freelancers', category], search),
  freelancerLanding: (lang: Language) => langPath(lang, ['freelancer']),
  // A freelancer's profile by id or portfolio address (its default tab, the portfolio), and its other tabs.
  freelancer: (lang: Language, key: number | string, search?: string) =>
    langPath(lang, ['freelancer', key], search),
  freelancerPage: (
    lang: Language,
    id: number | string,
    page: 'orders' | 'reviews' | 'about' | 'prices',
    search?: string,
  ) => langPath(lang, ['freelancer', id, page], search),
  customerPage: (lang: Language, id: number | string, page: 'orders' | 'reviews') =>
    langPath(lang, ['customer', id, page]),
  // The job board (issue 12): companies (employer/…) and vacancies, which companies, vacancies, resumes and hiring
  // all link to.
  employer: (lang: Language, id: number | string) => langPath(lang, ['employer', id]),
  employerCreate: (lang: Language) => langPath(lang, ['employer', 'create']),
  employerEdit: (lang: Language, id: number | string) => langPath(lang, ['employer', id, 'edit']),
  employersMy: (lang: Language) => langPath(lang, ['employers', 'my']),
  vacancy: (lang: Language, id: number | string) => langPath(lang, ['vacancy', id]),
  vacancyCreate: (lang: Language, company?: number) =>
    langPath(lang, ['vacancy', 'create'], company === undefined ? undefined : `company=${company}`),
  vacancyEdit: (lang: Language, id: number | string) => langPath(lang, ['vacancy', id, 'edit']),
  vacancies: (lang: Language, category?: string, search?: string) =>
    langPath(lang, category === undefined ? ['vacancies'] : ['vacancies', category], search),
  vacanciesMy: (lang: Language) => langPath(lang, ['vacancies', 'my']),
  // The signed-in user's profile settings (identity's settings/{id}/personal-data).
  profileSettings: (lang: Language, id: number | string) => langPath(lang, ['settings', id, 'personal-data']),
};
