import type { LandingPageViewProps } from '@/features/marketing/pages/landing-page-view';
import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const LandingPageView = lazyRoute<LandingPageViewProps>(
  () => import(/* webpackChunkName: "route-lp" */ '@/features/marketing/pages/landing-page-view'),
);
const AdminLandingPages = lazyRoute(
  () =>
    import(
      /* webpackChunkName: "route-admin-landing-pages" */ '@/features/marketing/pages/admin-landing-pages-page'
    ),
);
const AdminLandingPageForm = lazyRoute(
  () =>
    import(
      /* webpackChunkName: "route-admin-landing-page" */ '@/features/marketing/pages/admin-landing-page-form'
    ),
);

// SPEC §2: the landing pages (lp/create-order/{code}, lp/find-job/{code}) and their admin screens.
export const marketingRoutes: FeatureRoute[] = [
  { path: 'lp/create-order/:code', element: <LandingPageView kind="create_order" /> },
  { path: 'lp/find-job/:code', element: <LandingPageView kind="find_job" /> },
  { path: 'admin/landing-pages', element: <AdminLandingPages />, access: 'admin' },
  { path: 'admin/landing-pages/add', element: <AdminLandingPageForm />, access: 'admin' },
  { path: 'admin/landing-pages/edit/:id', element: <AdminLandingPageForm />, access: 'admin' },
];
