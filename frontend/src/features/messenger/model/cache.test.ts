import {
  applyMessageToList,
  applyRead,
  applyUnreadList,
  canEdit,
  deliveryMark,
  unreadTotal,
  upsertMessage,
} from '@/features/messenger/model/cache';
import { chat, kAnna, kIvan, message } from '@/features/messenger/testing/fixtures';

describe('messenger cache updates by events', () => {
  it('appends a new message to the newest page only, and replaces an edited or deleted one where it is', () => {
    const newest = { items: [message(1), message(2)], has_more: false };
    const older = { items: [message(1)], has_more: false };
    expect(upsertMessage(newest, message(3), true)).toBe(true);
    expect(newest.items.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(upsertMessage(older, message(4), false)).toBe(false);
    expect(older.items).toHaveLength(1);
    const tombstone = message(2, { deleted: true, text: null, short_text: null });
    upsertMessage(newest, tombstone, true);
    expect(newest.items.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(newest.items[1]).toEqual(tombstone);
    // The same message twice (the send's answer, then its event) stays one.
    upsertMessage(newest, message(3), true);
    expect(newest.items).toHaveLength(3);
  });

  it('keeps the history sorted when an event comes after a newer message', () => {
    const page = { items: [message(1), message(5)], has_more: false };
    upsertMessage(page, message(3), true);
    expect(page.items.map((item) => item.id)).toEqual([1, 3, 5]);
  });

  it('moves the chat to the top with its last message; counts unread unless it is mine or open', () => {
    const list = { items: [chat(1), chat(3)], next_cursor: null };
    expect(applyMessageToList(list, message(10), kAnna.id, null)).toBe(true);
    expect(list.items.map((item) => item.id)).toEqual([3, 1]);
    expect(list.items[0]!.last_message?.id).toBe(10);
    expect(list.items[0]!.unread).toBe(1);
    applyMessageToList(list, message(11), kAnna.id, 3);
    expect(list.items[0]!.unread).toBe(1);
    applyMessageToList(list, message(12, { user: kAnna }), kAnna.id, null);
    expect(list.items[0]!.unread).toBe(1);
    expect(applyMessageToList(list, message(13, { chat_id: 99 }), kAnna.id, null)).toBe(false);
  });

  it('moves read marks forward only', () => {
    const item = chat(3, { peer_last_read_id: 5 });
    applyRead(item, { chat_id: 3, user_id: kIvan.id, last_read_id: 9 }, kAnna.id);
    expect(item.peer_last_read_id).toBe(9);
    applyRead(item, { chat_id: 3, user_id: kIvan.id, last_read_id: 4 }, kAnna.id);
    expect(item.peer_last_read_id).toBe(9);
    applyRead(item, { chat_id: 3, user_id: kAnna.id, last_read_id: 7 }, kAnna.id);
    expect(item.my_last_read_id).toBe(7);
    applyRead(item, { chat_id: 4, user_id: kIvan.id, last_read_id: 20 }, kAnna.id);
    expect(item.peer_last_read_id).toBe(9);
  });

  it('sets each chat unread count from the unread list; the total sums them', () => {
    const list = { items: [chat(1, { unread: 4 }), chat(3)], next_cursor: null };
    const entries = [{ chat_id: 3, count: 2, last_message_id: 12 }];
    applyUnreadList(list, entries);
    expect(list.items.map((item) => item.unread)).toEqual([0, 2]);
    expect(unreadTotal([...entries, { chat_id: 5, count: 3, last_message_id: 1 }])).toBe(5);
  });

  it('marks: sent until the peer has read past it; editable while unread, own and not deleted', () => {
    const mine = message(5, { user: kAnna });
    expect(deliveryMark(mine, null)).toBe('sent');
    expect(deliveryMark(mine, 4)).toBe('sent');
    expect(deliveryMark(mine, 5)).toBe('read');
    expect(canEdit(mine, kAnna.id, 4)).toBe(true);
    expect(canEdit(mine, kAnna.id, 5)).toBe(false);
    expect(canEdit(message(5), kAnna.id, null)).toBe(false);
    expect(canEdit({ ...mine, deleted: true }, kAnna.id, null)).toBe(false);
  });
});
