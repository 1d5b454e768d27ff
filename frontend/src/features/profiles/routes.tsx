import { Navigate, useParams } from 'react-router-dom';

import { useLanguage } from '@/lib/i18n/use-language';
import type { FeatureRoute } from '@/lib/routing/feature-route';
import { paths } from '@/lib/routing/paths';

// customer/{id}: the orders tab is the customer profile's default. The profile's tabs (customer/{id}/orders,
// freelancer/{id}/reviews, …) are the orders and reviews features' routes, drawn in this feature's frame
// (pages/user-page), which the app hands them.
function CustomerRoute() {
  const lang = useLanguage();
  const { id } = useParams();
  return <Navigate to={paths.customerPage(lang, id ?? '', 'orders')} replace />;
}

export const profilesRoutes: FeatureRoute[] = [{ path: 'customer/:id', element: <CustomerRoute /> }]; // customer
