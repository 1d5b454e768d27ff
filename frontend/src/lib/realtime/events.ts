import { createAction } from '@reduxjs/toolkit';

import type { RealtimeEvent } from '@/lib/realtime/realtime';

// Every event of the user's channel as a Redux action, so a slice can follow one (the session's unread total
// follows chat.unreadMsg) without knowing the socket.
export const realtimeEventReceived = createAction<RealtimeEvent>('realtime/eventReceived');

// The unread total of an unread list (user info's unread_msg, chat.unreadMsg's): the sum of the entries'
// counts; an entry without a count stands for one message.
export function unreadTotalOf(entries: unknown): number {
  if (!Array.isArray(entries)) return 0;
  let total = 0;
  for (const entry of entries as unknown[]) {
    const count = (entry as { count?: unknown } | null)?.count;
    total += typeof count === 'number' && count >= 0 ? count : 1;
  }
  return total;
}
