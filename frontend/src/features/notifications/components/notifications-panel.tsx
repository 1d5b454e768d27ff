import { Button } from 'primereact/button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import {
  NotificationRow,
  type NotificationItemProps,
  type NotificationKinds,
} from '@/components/notification-row';
import { QueryFallback } from '@/components/query-state';
import {
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '@/features/notifications/api/notifications-api';

export interface NotificationsPanelProps {
  // 1 on the notifications page; 2 (default) inside another page or the bell's popover.
  headingLevel?: 1 | 2;
  // How each feature's kinds read (the app lists them: app/compose/notifications.tsx).
  kinds: readonly NotificationKinds[];
}

// A kind no feature has registered (a newer server than this page): its name from the settings' registry texts.
function UnknownNotification({ item }: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  return (
    <NotificationRow
      item={item}
      text={t(`kinds.${item.kind as 'bid_received'}.label`, { defaultValue: item.kind })}
    />
  );
}

export function NotificationsPanel({ headingLevel = 2, kinds }: NotificationsPanelProps) {
  const { t } = useTranslation('notifications');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const titleId = useId();
  const notificationsQuery = useListNotificationsQuery();
  const { data } = notificationsQuery;
  const [markRead, { isLoading }] = useMarkNotificationsReadMutation();
  const byKind = new Map(kinds.flatMap((entry) => entry.kinds.map((kind) => [kind, entry.Item] as const)));
  return (
    <section className="card" aria-labelledby={titleId} data-testid="notifications">
      <div className="notifications-head">
        <Heading id={titleId}>
          {t('panel.title')}{' '}
          {data !== undefined && data.unread > 0 && (
            <span className="badge badge-warn">{t('panel.unread', { count: data.unread })}</span>
          )}
        </Heading>
        {data !== undefined && data.unread > 0 && (
          <Button
            type="button"
            size="small"
            text
            label={t('panel.mark_read')}
            loading={isLoading}
            onClick={() => void markRead()}
          />
        )}
      </div>
      {data === undefined && <QueryFallback results={[notificationsQuery]} />}
      {data !== undefined && data.items.length === 0 && <p className="muted">{t('panel.empty')}</p>}
      <ul className="notification-list">
        {data?.items.map((item) => {
          const Item = byKind.get(item.kind) ?? UnknownNotification;
          return <Item key={item.id} item={item} />;
        })}
      </ul>
    </section>
  );
}
