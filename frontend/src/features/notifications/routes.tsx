import type { ComponentType } from 'react';

import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const NotificationsPage = lazyRoute(
  () =>
    import(/* webpackChunkName: "route-notifications" */ '@/features/notifications/pages/notifications-page'),
);

const UnsubscribePage = lazyRoute(
  () => import(/* webpackChunkName: "route-unsubscribe" */ '@/features/notifications/pages/unsubscribe-page'),
);

// The panel with every feature's kinds of notification, composed by the app (app/compose/notifications.tsx).
export interface NotificationsSlots {
  Panel: ComponentType<{ headingLevel?: 1 | 2 }>;
}

export const notificationsRoutes = (slots: NotificationsSlots): FeatureRoute[] => [
  { path: 'notifications', element: <NotificationsPage Panel={slots.Panel} />, access: 'user' }, // notifications
  // A notification mail's unsubscribe link: no sign-in (the token is signed).
  { path: 'unsubscribe', element: <UnsubscribePage /> },
];
