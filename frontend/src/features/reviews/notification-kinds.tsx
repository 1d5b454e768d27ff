import { useTranslation } from 'react-i18next';

import {
  NotificationRow,
  orderNotificationParams,
  type NotificationItemProps,
  type NotificationKinds,
} from '@/components/notification-row';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

function ReviewNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation('reviews');
  const lang = useLanguage();
  const params = orderNotificationParams(item, lang);
  // Without `user_name` in the payload, the variant that does not name the author.
  const text =
    params.user === ''
      ? t('notifications.review_received_no_user', params)
      : t('notifications.review_received', params);
  return (
    <NotificationRow
      item={item}
      text={text}
      to={params.orderId === '' ? undefined : paths.order(lang, params.orderId)}
    />
  );
}

// A review of the reader after an order.
export const reviewsNotificationKinds: NotificationKinds = {
  kinds: ['review_received'],
  Item: ReviewNotification,
};
