import { Navigate, useParams } from 'react-router-dom';

import type { WriteMessageSlot } from '@/features/profiles/components/contact-actions';
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

// What the profiles screens show from other features (the app fills it): the messenger's "Write a message".
export interface ProfilesSlots {
  Contact: WriteMessageSlot;
}

// customer/{id} and freelancer/{id}: the orders tab is both profiles' default (the freelancer's portfolio, the
// SPEC's default, comes with its screen). The profile's tabs (customer/{id}/orders, freelancer/{id}/reviews, …)
// are the orders and reviews features' routes, drawn in this feature's frame (pages/user-page), which the app
// hands them.
function ProfileRoute({ side }: { side: 'customer' | 'freelancer' }) {
  const lang = useLanguage();
  const { id } = useParams();
  const page = side === 'customer' ? paths.customerPage : paths.freelancerPage;
  return <Navigate to={page(lang, id ?? '', 'orders')} replace />;
}

export function profilesRoutes(slots: ProfilesSlots): FeatureRoute[] {
  return [
    { path: 'customer/:id', element: <ProfileRoute side="customer" /> }, // customer
    { path: 'freelancer/:id', element: <ProfileRoute side="freelancer" /> }, // freelancer
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
