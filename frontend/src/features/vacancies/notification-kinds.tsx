import { useTranslation } from 'react-i18next';

import {
  NotificationRow,
  type NotificationItemProps,
  type NotificationKinds,
} from '@/components/notification-row';
import { innerQuotes } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// A vacancy the 30-day job archived: {vacancy: {id, title}}.
function VacancyNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation('vacancies');
  const lang = useLanguage();
  const payload = item.payload as { vacancy?: { id?: number; title?: string } };
  const text = t('notifications.vacancy_archived', {
    vacancy: innerQuotes(payload.vacancy?.title ?? '', lang),
  });
  const id = payload.vacancy?.id;
  return (
    <NotificationRow item={item} text={text} to={id === undefined ? undefined : paths.vacancy(lang, id)} />
  );
}

export const vacanciesNotificationKinds: NotificationKinds = {
  kinds: ['vacancy_archived'],
  Item: VacancyNotification,
};
