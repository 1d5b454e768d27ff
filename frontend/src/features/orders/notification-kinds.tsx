import { useTranslation } from 'react-i18next';

import {
  NotificationRow,
  orderNotificationParams,
  type NotificationItemProps,
  type NotificationKinds,
} from '@/components/notification-row';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

const kKinds = ['order_opened', 'order_completed'] as const;

function OrderNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const params = orderNotificationParams(item, lang);
  return (
    <NotificationRow
      item={item}
      text={t(`notifications.${item.kind as (typeof kKinds)[number]}`, params)}
      to={params.orderId === '' ? undefined : paths.order(lang, params.orderId)}
    />
  );
}

// A personal order opened to everyone, an order completed.
export const ordersNotificationKinds: NotificationKinds = { kinds: kKinds, Item: OrderNotification };
