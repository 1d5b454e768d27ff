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
  'bid_received',
  'bid_selected',
  'bid_rejected',
  'invitation_received',
  'invitation_accepted',
  'invitation_declined',
] as const;
type Kind = (typeof kKinds)[number];
// Kinds whose text names the other user; without `user_name` in the payload the variant without it is shown.
const kWithUser = new Set<string>([
  'bid_received',
  'invitation_received',
  'invitation_accepted',
  'invitation_declined',
]);
type WithUser = 'bid_received' | 'invitation_received' | 'invitation_accepted' | 'invitation_declined';

function BidNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation('bids');
  const lang = useLanguage();
  const params = orderNotificationParams(item, lang);
  const text =
    params.user === '' && kWithUser.has(item.kind)
      ? t(`notifications.${item.kind as WithUser}_no_user`, params)
      : t(`notifications.${item.kind as Kind}`, params);
  return (
    <NotificationRow
      item={item}
      text={text}
      to={params.orderId === '' ? undefined : paths.order(lang, params.orderId)}
    />
  );
}

// Bids on an order and invitations to one.
export const bidsNotificationKinds: NotificationKinds = { kinds: kKinds, Item: BidNotification };
