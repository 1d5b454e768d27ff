import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';

import type { CompanyPageProps } from '@/features/companies/pages/company-page';
import { useLanguage } from '@/lib/i18n/use-language';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';
import { paths } from '@/lib/routing/paths';

const CompanyPage = lazyRoute<CompanyPageProps>(
  () => import(/* webpackChunkName: "route-employer" */ '@/features/companies/pages/company-page'),
);
const CompanyFormPage = lazyRoute(
  () => import(/* webpackChunkName: "route-employer-form" */ '@/features/companies/pages/company-form-page'),
);
const MyCompaniesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-employers-my" */ '@/features/companies/pages/my-companies-page'),
);

// What the company screens show from other features (the app fills these).
export interface CompaniesSlots {
  // employer/{id}: the company's open vacancies (vacancies).
  Vacancies: ComponentType<{ companyId: number; isOwner: boolean }>;
}

// SPEC §2: employers → the main page (there is no public list of companies).
function EmployersRedirect() {
  const lang = useLanguage();
  return <Navigate to={paths.main(lang)} replace />;
}

// SPEC §2 route ids in the comments.
export function companiesRoutes(slots: CompaniesSlots): FeatureRoute[] {
  return [
    { path: 'employer/create', element: <CompanyFormPage />, access: 'user' }, // employerCreate
    { path: 'employer/:id', element: <CompanyPage Vacancies={slots.Vacancies} /> }, // employerDetail
    { path: 'employer/:id/edit', element: <CompanyFormPage />, access: 'user' }, // employerEdit
    { path: 'employers/my', element: <MyCompaniesPage />, access: 'user' }, // employerListMy
    { path: 'employers', element: <EmployersRedirect /> },
  ];
}

export const companiesMenu: MenuEntry[] = [
  {
    section: 'customer',
    id: 'companies',
    label: (t) => t('user_menu.companies'),
    icon: 'pi pi-building',
    to: (lang) => paths.employersMy(lang),
  },
];
