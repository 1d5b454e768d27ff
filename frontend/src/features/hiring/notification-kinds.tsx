import { useTranslation } from 'react-i18next';

import {
  NotificationRow,
  type NotificationItemProps,
  type NotificationKinds,
} from '@/components/notification-row';
import { formatDayTime, innerQuotes } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';

const kKinds = ['response_received', 'response_invited', 'response_status'] as const;

// The response pipeline's kinds: {response_id, vacancy: {id, title}, status, action, interview_at?}.
function ResponseNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation(['hiring', 'jobs']);
  const lang = useLanguage();
  const payload = item.payload as {
    response_id?: number;
    vacancy?: { title?: string };
    status?: string;
    interview_at?: string;
  };
  const status = payload.status ?? '';
  const said = t(`notifications.${item.kind as (typeof kKinds)[number]}`, {
    vacancy: innerQuotes(payload.vacancy?.title ?? '', lang),
    status: status === '' ? '' : t(`jobs:response_status.${status as 'response'}`),
  });
  // An interview's date-time, when the employer gave one (the invitation, the interview action).
  const text =
    payload.interview_at === undefined
      ? said
      : `${said} · ${t('notifications.interview_at', { when: formatDayTime(payload.interview_at, lang) })}`;
  return (
    <NotificationRow
      item={item}
      text={text}
      to={
        payload.response_id === undefined ? undefined : applicantPaths.responseList(lang, payload.response_id)
      }
    />
  );
}

export const hiringNotificationKinds: NotificationKinds = { kinds: kKinds, Item: ResponseNotification };
