import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const NotificationsPage = lazyRoute(
  () =>
    import(/* webpackChunkName: "route-notifications" */ '@/features/notifications/pages/notifications-page'),
);

const UnsubscribePage = lazyRoute(
  () => import(/* webpackChunkName: "route-unsubscribe" */ '@/features/notifications/pages/unsubscribe-page'),
);

export const notificationsRoutes: FeatureRoute[] = [
  { path: 'notifications', element: <NotificationsPage />, access: 'user' }, // notifications
  // A notification mail's unsubscribe link: no sign-in (the token is signed).
  { path: 'unsubscribe', element: <UnsubscribePage /> },
];
