import { useTranslation } from 'react-i18next';

import {
  NotificationRow,
  type NotificationItemProps,
  type NotificationKinds,
} from '@/components/notification-row';
import { innerQuotes } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { langPath } from '@/lib/routing/paths';

const kKinds = ['article_published', 'article_returned', 'article_blocked', 'article_comment'] as const;

// The articles' kinds: {article: {id, code, title}, reason?, comment?, comment_id?}.
function ArticleNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const payload = item.payload as { article?: { code?: string; title?: string }; reason?: string | null };
  const reason = payload.reason ?? '';
  const text = t(`notifications.${item.kind as (typeof kKinds)[number]}`, {
    article: innerQuotes(payload.article?.title ?? '', lang),
    reason: reason === '' ? '' : t(`reasons.${reason as 'spam'}`, { defaultValue: reason }),
  });
  const code = payload.article?.code;
  return (
    <NotificationRow
      item={item}
      text={text}
      to={code === undefined ? undefined : langPath(lang, ['articles', code])}
    />
  );
}

export const articlesNotificationKinds: NotificationKinds = { kinds: kKinds, Item: ArticleNotification };
