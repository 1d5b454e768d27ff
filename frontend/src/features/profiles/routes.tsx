import { Navigate, useParams } from 'react-router-dom';

import type { ProfileSlots } from '@/features/profiles/components/profile-slots';
import { useLanguage } from '@/lib/i18n/use-language';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';
import { paths } from '@/lib/routing/paths';

const CataloguePage = lazyRoute(
  () => import(/* webpackChunkName: "route-freelancers" */ '@/features/profiles/pages/catalogue-page'),
);
const FreelancerLanding = lazyRoute(
  () => import(/* webpackChunkName: "route-freelancer-lp" */ '@/features/profiles/pages/freelancer-landing'),
);
const PortfolioPage = lazyRoute<ProfileSlots>(
  () => import(/* webpackChunkName: "route-freelancer" */ '@/features/profiles/pages/portfolio-page'),
);
const ProjectPage = lazyRoute<ProfileSlots>(
  () => import(/* webpackChunkName: "route-freelancer" */ '@/features/profiles/pages/project-page'),
);
const AboutPage = lazyRoute<ProfileSlots>(
  () => import(/* webpackChunkName: "route-freelancer" */ '@/features/profiles/pages/about-page'),
);
const PricesPage = lazyRoute<ProfileSlots>(
  () => import(/* webpackChunkName: "route-freelancer" */ '@/features/profiles/pages/prices-page'),
);

// customer/{id}: the orders tab is the customer's default. The orders and reviews tabs of both profiles
// (customer/{id}/orders, freelancer/{id}/reviews, …) are the orders and reviews features' routes, drawn in this
// feature's frame (pages/user-page), which the app hands them.
function CustomerRoute() {
  const lang = useLanguage();
  const { id } = useParams();
  return <Navigate to={paths.customerPage(lang, id ?? '', 'orders')} replace />;
}

// SPEC §2 route names in the comments.
export function profilesRoutes(slots: ProfileSlots): FeatureRoute[] {
  return [
    { path: 'customer/:id', element: <CustomerRoute /> }, // customer
    { path: 'freelancer/:id', element: <PortfolioPage {...slots} /> }, // freelancerPage (portfolio, by id or slug)
    { path: 'freelancer/:id/portfolio/:projectId', element: <ProjectPage {...slots} /> }, // freelancerSubpage
    { path: 'freelancer/:id/about', element: <AboutPage {...slots} /> }, // freelancerPage
    { path: 'freelancer/:id/prices', element: <PricesPage {...slots} /> }, // freelancerPage
    { path: 'freelancers', element: <CataloguePage Contact={slots.Contact} /> }, // freelancers
    { path: 'freelancers/:category', element: <CataloguePage Contact={slots.Contact} /> }, // freelancersCategory
    { path: 'freelancer', element: <FreelancerLanding /> }, // freelancerLP
  ];
}

// The top menu's "Freelancers" (SPEC §2), after "Orders".
export const catalogueMenu: MenuEntry[] = [
  {
    section: 'top',
    id: 'freelancers',
    label: (t) => t('nav.freelancers'),
    to: (lang) => paths.freelancers(lang),
  },
];

export const profilesMenu: MenuEntry[] = [
  {
    section: 'freelancer',
    id: 'portfolio',
    label: (t) => t('user_menu.portfolio'),
    icon: 'pi pi-images',
    to: (lang, userId) => paths.freelancer(lang, userId ?? ''),
  },
  {
    section: 'freelancer',
    id: 'about-me',
    label: (t) => t('user_menu.about_me'),
    icon: 'pi pi-id-card',
    to: (lang, userId) => paths.freelancerPage(lang, userId ?? '', 'about'),
  },
  {
    section: 'freelancer',
    id: 'my-prices',
    label: (t) => t('user_menu.my_prices'),
    icon: 'pi pi-tags',
    to: (lang, userId) => paths.freelancerPage(lang, userId ?? '', 'prices'),
  },
];
