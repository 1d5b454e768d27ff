import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const NotificationsPage = lazyRoute(
  () =>
    import(/* webpackChunkName: "route-notifications" */ '@/features/notifications/pages/notifications-page'),
);

export const notificationsRoutes: FeatureRoute[] = [
  { path: 'notifications', element: <NotificationsPage />, access: 'user' }, // notifications
];
