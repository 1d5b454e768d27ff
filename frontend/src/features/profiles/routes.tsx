import { Navigate, useParams } from 'react-router-dom';

import { useLanguage } from '@/lib/i18n/use-language';
import type { FeatureRoute } from '@/lib/routing/feature-route';
import { paths } from '@/lib/routing/paths';

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

export const profilesRoutes: FeatureRoute[] = [
  { path: 'customer/:id', element: <ProfileRoute side="customer" /> }, // customer
  { path: 'freelancer/:id', element: <ProfileRoute side="freelancer" /> }, // freelancer
];
