import type { NotificationKinds } from '@/components/notification-row';
import { articlesNotificationKinds } from '@/features/articles/notification-kinds';
import { bidsNotificationKinds } from '@/features/bids/notification-kinds';
import { companiesNotificationKinds } from '@/features/companies/notification-kinds';
import { hiringNotificationKinds } from '@/features/hiring/notification-kinds';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import {
  NotificationsPanel,
  type NotificationsPanelProps,
} from '@/features/notifications/components/notifications-panel';
import { ordersNotificationKinds } from '@/features/orders/notification-kinds';
import { reviewsNotificationKinds } from '@/features/reviews/notification-kinds';
import { vacanciesNotificationKinds } from '@/features/vacancies/notification-kinds';
import { walletNotificationKinds } from '@/features/wallet/notification-kinds';

// Every feature's kinds of notification, in one list: a new module exports its NotificationKinds and adds a line
// here; the panel itself names no kind. This module loads with the panel (a lazy part), not with the shell.
export const kNotificationKinds: readonly NotificationKinds[] = [
  ordersNotificationKinds,
  bidsNotificationKinds,
  reviewsNotificationKinds,
  walletNotificationKinds,
  hiringNotificationKinds,
  companiesNotificationKinds,
  vacanciesNotificationKinds,
  articlesNotificationKinds,
];

export function ComposedNotificationsPanel(props: Omit<NotificationsPanelProps, 'kinds'>) {
  return <NotificationsPanel {...props} kinds={kNotificationKinds} />;
}

export function ComposedNotificationsBell() {
  return <NotificationsBell Panel={ComposedNotificationsPanel} />;
}
