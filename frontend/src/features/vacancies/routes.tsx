import type { ComponentType } from 'react';

import type { MyVacanciesPageProps } from '@/features/vacancies/pages/my-vacancies-page';
import type { VacancyFormPageProps } from '@/features/vacancies/pages/vacancy-form-page';
import type { VacancyPageProps, VacancyRespondProps } from '@/features/vacancies/pages/vacancy-page';
import type { MyVacancyCard } from '@/lib/api/schema.generated';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';
import { langPath, paths } from '@/lib/routing/paths';

const VacanciesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-vacancies" */ '@/features/vacancies/pages/vacancies-page'),
);
const VacancyPage = lazyRoute<VacancyPageProps>(
  () => import(/* webpackChunkName: "route-vacancy" */ '@/features/vacancies/pages/vacancy-page'),
);
const VacancyFormPage = lazyRoute<VacancyFormPageProps>(
  () => import(/* webpackChunkName: "route-vacancy-form" */ '@/features/vacancies/pages/vacancy-form-page'),
);
const MyVacanciesPage = lazyRoute<MyVacanciesPageProps>(
  () => import(/* webpackChunkName: "route-vacancies-my" */ '@/features/vacancies/pages/my-vacancies-page'),
);

// What the vacancy screens show from other features (the app fills these slots).
export interface VacanciesSlots {
  // vacancy/{id}: the applicant's respond button and dialog, or their response's state (hiring).
  Respond: ComponentType<VacancyRespondProps>;
  // vacancies/my: a row's link to vacancy/{id}/responds with its counters (hiring).
  Responses: ComponentType<{ vacancy: MyVacancyCard }>;
  // vacancy/create: one of the viewer's companies, or a link to create one (companies).
  CompanyPicker: VacancyFormPageProps['CompanyPicker'];
}

// SPEC §2 route ids in the comments.
export function vacanciesRoutes(slots: VacanciesSlots): FeatureRoute[] {
  return [
    {
      path: 'vacancy/create',
      element: <VacancyFormPage CompanyPicker={slots.CompanyPicker} />,
      access: 'user',
    }, // vacancyCreate
    { path: 'vacancy/:id', element: <VacancyPage Respond={slots.Respond} /> }, // vacancyDetail
    {
      path: 'vacancy/:id/edit',
      element: <VacancyFormPage CompanyPicker={slots.CompanyPicker} />,
      access: 'user',
    }, // vacancyEdit
    { path: 'vacancies', element: <VacanciesPage /> }, // vacancyList
    { path: 'vacancies/my', element: <MyVacanciesPage Responses={slots.Responses} />, access: 'user' }, // vacancyListMy
    { path: 'vacancies/:category', element: <VacanciesPage /> }, // vacancyListCateg
  ];
}

export const vacanciesMenu: MenuEntry[] = [
  {
    section: 'top',
    id: 'vacancies',
    label: (t) => t('nav.vacancies'),
    to: (lang) => paths.vacancies(lang),
    // SPEC §2: the vacancies dropdown's applicant and employer groups.
    groups: [
      {
        id: 'applicants',
        label: (t) => t('nav.for_applicants'),
        items: [
          {
            id: 'submit-resume',
            label: (t) => t('nav.submit_resume'),
            to: (lang) => langPath(lang, ['resume', 'create']),
          },
          { id: 'job-list', label: (t) => t('nav.job_list'), to: (lang) => paths.vacancies(lang) },
        ],
      },
      {
        id: 'employers',
        label: (t) => t('nav.for_employers'),
        items: [
          {
            id: 'post-vacancy',
            label: (t) => t('nav.post_vacancy'),
            to: (lang) => paths.vacancyCreate(lang),
          },
          {
            id: 'applicants-list',
            label: (t) => t('nav.applicants_list'),
            to: (lang) => langPath(lang, ['resumes']),
          },
        ],
      },
    ],
  },
  {
    section: 'customer',
    id: 'my-vacancies',
    label: (t) => t('user_menu.my_vacancies'),
    icon: 'pi pi-briefcase',
    to: (lang) => paths.vacanciesMy(lang),
  },
];

// The applicant's entries of the user menu (the resumes and hiring screens are issue 12's other half).
export const jobSeekerMenu: MenuEntry[] = [
  {
    section: 'freelancer',
    id: 'my-resumes',
    label: (t) => t('user_menu.my_resumes'),
    icon: 'pi pi-file',
    to: (lang) => langPath(lang, ['resumes', 'my']),
  },
  {
    section: 'freelancer',
    id: 'my-responses',
    label: (t) => t('user_menu.my_responses'),
    icon: 'pi pi-send',
    to: (lang) => langPath(lang, ['resume', 'my-responses']),
  },
];
