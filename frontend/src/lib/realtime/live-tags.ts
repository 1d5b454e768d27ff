import type { TagDescription } from '@reduxjs/toolkit/query';

import type { kTagTypes } from '@/lib/api/base-api';

type Tag = TagDescription<(typeof kTagTypes)[number]>;

// A notification as the realtime server pushes it (notification.new: {notification: {kind, payload, …}}).
export interface LiveNotification {
  kind: string;
  payload: Record<string, unknown>;
}

type TagsOf = (notification: LiveNotification) => Tag[];

// Which cached queries a notification makes stale, said by the feature that owns the kind (when its API module
// loads) and applied by the realtime session: an open order page shows a new bid, and an open list of
// responses a changed status, without a reload. Only queries some page still uses are fetched again.
const registry = new Map<string, TagsOf>();

export function refreshOnNotification(kinds: readonly string[], tagsOf: TagsOf): void {
  for (const kind of kinds) registry.set(kind, tagsOf);
}

// The tags to invalidate for a notification.new event's data; none for a kind nobody registered.
export function tagsForNotification(data: unknown): Tag[] {
  const notification = (data as { notification?: unknown } | null)?.notification as
    Partial<LiveNotification> | undefined;
  if (typeof notification?.kind !== 'string') return [];
  const tagsOf = registry.get(notification.kind);
  if (tagsOf === undefined) return [];
  const payload =
    typeof notification.payload === 'object' && notification.payload !== null ? notification.payload : {};
  return tagsOf({ kind: notification.kind, payload });
}

// A numeric id from a payload, or undefined.
export function payloadId(payload: Record<string, unknown>, key: string): number | undefined {
  const value = payload[key];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}
