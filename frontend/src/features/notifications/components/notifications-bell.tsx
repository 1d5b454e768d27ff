import '@/styles/marketplace.css';

import { OverlayPanel } from 'primereact/overlaypanel';
import { Suspense, useEffect, useRef, type ComponentType, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

import { useListNotificationsQuery } from '@/features/notifications/api/notifications-api';
import { notificationsPaths } from '@/features/notifications/paths';
import { useLanguage } from '@/lib/i18n/use-language';
import { isPhoneWidth } from '@/lib/layout/phone';

// A minute between unread counts while the tab is in front.
const kPollMs = 60_000;

// The header's bell (signed-in users): the unread count, and the notifications in a popover on a desktop. It is
// a real link to the notifications page, which a phone opens instead (and a new tab too).
export function NotificationsBell({ Panel }: { Panel: ComponentType }) {
  const { t } = useTranslation(['shell', 'common']);
  const lang = useLanguage();
  const location = useLocation();
  const { data } = useListNotificationsQuery(undefined, {
    pollingInterval: kPollMs,
    skipPollingIfUnfocused: true,
  });
  const panel = useRef<OverlayPanel>(null);
  const bell = useRef<HTMLAnchorElement>(null);
  const unread = data?.unread ?? 0;

  // A notification's link leads away: the popover closes with the navigation.
  useEffect(() => {
    panel.current?.hide();
  }, [location.pathname]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button > 0) return;
    if (isPhoneWidth()) return;
    event.preventDefault();
    panel.current?.toggle(event);
  };

  return (
    <>
      <Link
        ref={bell}
        to={notificationsPaths.page(lang)}
        className="icon-button bell"
        data-testid="notifications-bell"
        aria-label={unread > 0 ? t('notifications.bell_unread', { count: unread }) : t('notifications.bell')}
        aria-haspopup="dialog"
        onClick={onClick}
      >
        <span className="pi pi-bell" aria-hidden="true" />
        {unread > 0 && (
          <span className="bell-count" data-testid="notifications-unread" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Link>
      <OverlayPanel
        ref={panel}
        className="notifications-popover"
        ariaCloseLabel={t('notifications.close')}
        pt={{ root: { role: 'dialog', 'aria-label': t('notifications.bell'), tabIndex: -1 } }}
        onShow={() => {
          // Into the popover for the keyboard; Escape closes it and the bell gets the focus back.
          document.querySelector<HTMLElement>('.notifications-popover')?.focus();
        }}
        onHide={() => {
          if (document.activeElement === document.body) bell.current?.focus();
        }}
      >
        {/* The panel's texts may need a namespace not loaded yet (jobs, for a response's status): it suspends
            here, inside the open popover, not the header's boundary around the bell (which unmounted the bell
            under the opening popover: React's "maximum update depth" on the first response notification). */}
        <Suspense fallback={<p className="muted">{t('common:loading')}</p>}>
          <Panel />
        </Suspense>
      </OverlayPanel>
    </>
  );
}
