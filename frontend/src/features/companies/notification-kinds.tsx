import { useTranslation } from 'react-i18next';

import {
  NotificationRow,
  type NotificationItemProps,
  type NotificationKinds,
} from '@/components/notification-row';
import { innerQuotes } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

const kKinds = ['company_review', 'company_review_reply'] as const;

// A review of the reader's company and a company's reply to the reader's review: {company: {id, name}, review_id,
// rating?}.
function CompanyNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation('companies');
  const lang = useLanguage();
  const payload = item.payload as { company?: { id?: number; name?: string }; rating?: number };
  const text = t(`notifications.${item.kind as (typeof kKinds)[number]}`, {
    company: innerQuotes(payload.company?.name ?? '', lang),
    rating: payload.rating ?? 0,
  });
  const id = payload.company?.id;
  return (
    <NotificationRow item={item} text={text} to={id === undefined ? undefined : paths.employer(lang, id)} />
  );
}

export const companiesNotificationKinds: NotificationKinds = { kinds: kKinds, Item: CompanyNotification };
