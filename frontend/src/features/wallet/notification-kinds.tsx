import { useTranslation } from 'react-i18next';

import {
  NotificationRow,
  orderNotificationParams,
  type NotificationItemProps,
  type NotificationKinds,
} from '@/components/notification-row';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

const kKinds = [
  'deal_funded',
  'deal_delivered',
  'deal_changes_requested',
  'deal_released',
  'deal_refunded',
  'deal_disputed',
  'deal_resolved',
  'deal_release_soon',
] as const;

// The safe deal's steps name the order and the milestone; deal_release_soon the day it is paid on its own.
function DealNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation('wallet');
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

export const walletNotificationKinds: NotificationKinds = { kinds: kKinds, Item: DealNotification };
