import { Button } from 'primereact/button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import {
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '@/features/notifications/api/notifications-api';
import { QueryFallback } from '@/components/query-state';
import type { Notification } from '@/lib/api/schema.generated';
import { formatDate, formatDateTime, formatDayTime, innerQuotes } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';
import { langPath, paths } from '@/lib/routing/paths';

function payloadText(payload: Notification['payload'], key: string): string {
  const value = (payload as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

// Kinds whose text names the other user; without `user_name` in the payload a variant without it is shown.
const kWithUserKinds = [
  'bid_received',
  'invitation_received',
  'invitation_accepted',
  'invitation_declined',
  'review_received',
] as const;
type WithUser = (typeof kWithUserKinds)[number];
const kWithUser = new Set<string>(kWithUserKinds);

const kResponseKinds = ['response_received', 'response_invited', 'response_status'] as const;
type ResponseKind = (typeof kResponseKinds)[number];
const kResponseKind = new Set<string>(kResponseKinds);

const kJobKinds = ['company_review', 'company_review_reply', 'vacancy_archived'] as const;
type JobKind = (typeof kJobKinds)[number];
const kJobKind = new Set<string>(kJobKinds);

const kArticleKinds = [
  'article_published',
  'article_returned',
  'article_blocked',
  'article_comment',
] as const;
type ArticleKind = (typeof kArticleKinds)[number];
const kArticleKind = new Set<string>(kArticleKinds);

export interface NotificationsPanelProps {
  // 1 on the notifications page; 2 (default) inside another page or the bell's popover.
  headingLevel?: 1 | 2;
}

export function NotificationsPanel({ headingLevel = 2 }: NotificationsPanelProps) {
  const { t } = useTranslation(['orders', 'jobs', 'articles', 'searches']);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const titleId = useId();
  const lang = useLanguage();
  const notificationsQuery = useListNotificationsQuery();
  const { data } = notificationsQuery;
  const [markRead, { isLoading }] = useMarkNotificationsReadMutation();
  return (
    <section className="card" aria-labelledby={titleId} data-testid="notifications">
      <div className="notifications-head">
        <Heading id={titleId}>
          {t('my.notifications')}{' '}
          {data !== undefined && data.unread > 0 && (
            <span className="badge badge-warn">{t('my.unread', { count: data.unread })}</span>
          )}
        </Heading>
        {data !== undefined && data.unread > 0 && (
          <Button
            type="button"
            size="small"
            text
            label={t('my.mark_read')}
            loading={isLoading}
            onClick={() => void markRead()}
          />
        )}
      </div>
      {data === undefined && <QueryFallback results={[notificationsQuery]} />}
      {data !== undefined && data.items.length === 0 && (
        <p className="muted">{t('my.notifications_empty')}</p>
      )}
      <ul className="notification-list">
        {data?.items.map((item) => {
          if (kResponseKind.has(item.kind)) {
            // The response pipeline's kinds (hiring): {response_id, vacancy: {id, title}, status, action}.
            const payload = item.payload as {
              response_id?: number;
              vacancy?: { title?: string };
              status?: string;
              interview_at?: string;
            };
            const status = payload.status ?? '';
            const said = t(`notifications.${item.kind as ResponseKind}`, {
              vacancy: innerQuotes(payload.vacancy?.title ?? '', lang),
              status: status === '' ? '' : t(`jobs:response_status.${status as 'response'}`),
            });
            // An interview's date-time, when the employer gave one (the invitation, the interview action).
            const text =
              payload.interview_at === undefined
                ? said
                : `${said} · ${t('notifications.interview_at', { when: formatDayTime(payload.interview_at, lang) })}`;
            return (
              <li key={item.id} className={item.read ? 'notification' : 'notification unread'}>
                {payload.response_id === undefined ? (
                  text
                ) : (
                  <Link to={applicantPaths.responseList(lang, payload.response_id)}>{text}</Link>
                )}
                <span className="muted">{formatDateTime(item.created_at, lang)}</span>
              </li>
            );
          }
          if (kJobKind.has(item.kind)) {
            // The job board's kinds: a company's review and reply {company: {id, name}, review_id, rating?},
            // a vacancy the 30-day job archived {vacancy: {id, title}}.
            const payload = item.payload as {
              company?: { id?: number; name?: string };
              vacancy?: { id?: number; title?: string };
              rating?: number;
            };
            const text = t(`notifications.${item.kind as JobKind}`, {
              company: innerQuotes(payload.company?.name ?? '', lang),
              vacancy: innerQuotes(payload.vacancy?.title ?? '', lang),
              rating: payload.rating ?? 0,
            });
            const to =
              payload.company?.id !== undefined
                ? paths.employer(lang, payload.company.id)
                : payload.vacancy?.id !== undefined
                  ? paths.vacancy(lang, payload.vacancy.id)
                  : undefined;
            return (
              <li key={item.id} className={item.read ? 'notification' : 'notification unread'}>
                {to === undefined ? text : <Link to={to}>{text}</Link>}
                <span className="muted">{formatDateTime(item.created_at, lang)}</span>
              </li>
            );
          }
          if (kArticleKind.has(item.kind)) {
            // The articles' kinds: {article: {id, code, title}, reason?, comment?, comment_id?}.
            const payload = item.payload as {
              article?: { code?: string; title?: string };
              reason?: string | null;
            };
            const reason = payload.reason ?? '';
            const text = t(`notifications.${item.kind as ArticleKind}`, {
              article: innerQuotes(payload.article?.title ?? '', lang),
              reason:
                reason === '' ? '' : t(`articles:reasons.${reason as 'spam'}`, { defaultValue: reason }),
            });
            const code = payload.article?.code;
            return (
              <li key={item.id} className={item.read ? 'notification' : 'notification unread'}>
                {code === undefined ? text : <Link to={langPath(lang, ['articles', code])}>{text}</Link>}
                <span className="muted">{formatDateTime(item.created_at, lang)}</span>
              </li>
            );
          }
          if (item.kind === 'saved_search_match') {
            // A saved search's new match (libs/searches): {search_id, search_name, scope, item_id, item_name, path}.
            const text = t('searches:notification', {
              search: innerQuotes(payloadText(item.payload, 'search_name'), lang),
              item: innerQuotes(payloadText(item.payload, 'item_name'), lang),
            });
            const path = payloadText(item.payload, 'path');
            return (
              <li key={item.id} className={item.read ? 'notification' : 'notification unread'}>
                {path === '' ? text : <Link to={`/${lang}${path}`}>{text}</Link>}
                <span className="muted">{formatDateTime(item.created_at, lang)}</span>
              </li>
            );
          }
          const orderId = payloadText(item.payload, 'order_id');
          const user = payloadText(item.payload, 'user_name');
          const order = innerQuotes(payloadText(item.payload, 'order_name'), lang);
          const releaseAt = payloadText(item.payload, 'release_at');
          const text =
            user === '' && kWithUser.has(item.kind)
              ? t(`notifications.${item.kind as WithUser}_no_user`, { order })
              : t(
                  `notifications.${item.kind as Exclude<typeof item.kind, ResponseKind | JobKind | ArticleKind | 'saved_search_match'>}`,
                  {
                    user,
                    order,
                    // The safe deal's kinds (deal_*) name the milestone too.
                    milestone: innerQuotes(payloadText(item.payload, 'milestone'), lang),
                    // deal_release_soon: the day the milestone is paid on its own.
                    date: releaseAt === '' ? '' : formatDate(releaseAt, lang),
                  },
                );
          return (
            <li key={item.id} className={item.read ? 'notification' : 'notification unread'}>
              {orderId === '' ? text : <Link to={paths.order(lang, orderId)}>{text}</Link>}
              <span className="muted">{formatDateTime(item.created_at, lang)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
