import { useTranslation } from 'react-i18next';

import {
  NotificationRow,
  payloadText,
  type NotificationItemProps,
  type NotificationKinds,
} from '@/components/notification-row';
import { innerQuotes } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

// A saved search's new match (libs/searches): {search_id, search_name, scope, item_id, item_name, path}.
function SearchMatchNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation('searches');
  const lang = useLanguage();
  const text = t('notification', {
    search: innerQuotes(payloadText(item.payload, 'search_name'), lang),
    item: innerQuotes(payloadText(item.payload, 'item_name'), lang),
  });
  const path = payloadText(item.payload, 'path');
  return <NotificationRow item={item} text={text} to={path === '' ? undefined : `/${lang}${path}`} />;
}

export const searchesNotificationKinds: NotificationKinds = {
  kinds: ['saved_search_match'],
  Item: SearchMatchNotification,
};
