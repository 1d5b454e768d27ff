import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';

import type { Notification } from '@/lib/api/schema.generated';
import { formatDate, formatDateTime, innerQuotes } from '@/lib/format/format';
import type { Language } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';

export interface NotificationItemProps {
  item: Notification;
}

// A feature's kinds of notification and how one of them reads. Each feature exports its own
// (features/<x>/notification-kinds.tsx, texts in its namespace's `notifications`), and the app lists them once
// (app/compose/notifications.tsx): a new module's kinds show in the panel without editing it.
export interface NotificationKinds {
  kinds: readonly string[];
  Item: ComponentType<NotificationItemProps>;
}

// One line of the notifications panel: the text, linked to what it is about, and when it came.
export function NotificationRow({
  item,
  text,
  to,
}: {
  item: Notification;
  text: string;
  to?: string | undefined;
}) {
  const lang = useLanguage();
  return (
    <li className={item.read ? 'notification' : 'notification unread'}>
      {to === undefined ? text : <Link to={to}>{text}</Link>}
      <span className="muted">{formatDateTime(item.created_at, lang)}</span>
    </li>
  );
}

export function payloadText(payload: Notification['payload'], key: string): string {
  const value = (payload as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

// The payload of a notification about an order (orders, bids, reviews, the safe deal): {order_id, order_name,
// user_name?, milestone?, release_at?}, as the texts' parameters.
export type OrderNotificationParams = {
  orderId: string;
  user: string;
  order: string;
  milestone: string;
  date: string;
};

export function orderNotificationParams(item: Notification, lang: Language): OrderNotificationParams {
  const releaseAt = payloadText(item.payload, 'release_at');
  return {
    orderId: payloadText(item.payload, 'order_id'),
    user: payloadText(item.payload, 'user_name'),
    order: innerQuotes(payloadText(item.payload, 'order_name'), lang),
    milestone: innerQuotes(payloadText(item.payload, 'milestone'), lang),
    date: releaseAt === '' ? '' : formatDate(releaseAt, lang),
  };
}
