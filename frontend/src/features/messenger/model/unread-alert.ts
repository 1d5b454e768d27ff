import { isMessengerPath } from '@/features/messenger/paths';

// SPEC §4/§9: the unread alert shows 1000 ms after load, at most once an hour (a cookie of 3600 s), never on a
// messenger screen, and only when there is something unread.
export const kUnreadAlertDelayMs = 1000;
export const kUnreadAlertCookie = 'artel_unread_alert';
export const kUnreadAlertCookieSeconds = 3600;

export interface UnreadAlertInput {
  unread: number;
  pathname: string;
  cookie: string | null;
}

export function shouldShowUnreadAlert({ unread, pathname, cookie }: UnreadAlertInput): boolean {
  return unread > 0 && cookie === null && !isMessengerPath(pathname);
}
