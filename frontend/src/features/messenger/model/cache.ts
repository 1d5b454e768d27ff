import type {
  Chat,
  ChatPage,
  Message,
  MessagePage,
  ReadEvent,
  UnreadEntry,
} from '@/features/messenger/model/types';

// Pure updates of the cached answers by the socket's events (applied with RTK Query's updateQueryData): a
// message sent, edited or deleted (chat.message), a read receipt (chat.read), the unread list (chat.unreadMsg).

// A message into a page of history: replaced where it is (an edit, a tombstone), appended to the newest page
// when new. Returns whether the page changed.
export function upsertMessage(page: MessagePage, message: Message, newest: boolean): boolean {
  const index = page.items.findIndex(
    (item) => item.id === message.id || (item.client_id !== '' && item.client_id === message.client_id),
  );
  if (index >= 0) {
    page.items[index] = message;
    return true;
  }
  if (!newest) return false;
  const last = page.items[page.items.length - 1];
  if (last !== undefined && last.id > message.id) {
    // Out of order (an event overtaken by a refetch): keep the history sorted.
    page.items.push(message);
    page.items.sort((a, b) => a.id - b.id);
  } else {
    page.items.push(message);
  }
  return true;
}

// The chat's last message (and unread count, when the message is someone else's and not read) in the list,
// the chat moved to the top. Returns false when the chat is not in the page (the list is then refetched).
export function applyMessageToList(
  list: ChatPage,
  message: Message,
  viewerId: number,
  openChatId: number | null,
): boolean {
  const index = list.items.findIndex((chat) => chat.id === message.chat_id);
  if (index < 0) return false;
  const chat = list.items[index]!;
  const isNew = chat.last_message === null || message.id > chat.last_message.id;
  if (isNew || chat.last_message?.id === message.id) chat.last_message = message;
  if (isNew) {
    chat.updated_at = message.created_at;
    if (message.user.id !== viewerId && openChatId !== chat.id) chat.unread += 1;
    list.items.splice(index, 1);
    list.items.unshift(chat);
  }
  return true;
}

// A read receipt for the chat: the peer's last read moves forward (never back).
export function applyRead(chat: Chat, event: ReadEvent, viewerId: number): void {
  if (event.chat_id !== chat.id) return;
  if (event.user_id === viewerId) {
    chat.my_last_read_id = Math.max(chat.my_last_read_id ?? 0, event.last_read_id);
  } else {
    chat.peer_last_read_id = Math.max(chat.peer_last_read_id ?? 0, event.last_read_id);
  }
}

// The unread list (user info's unread_msg, chat.unreadMsg) onto the chat list: each chat's count.
export function applyUnreadList(list: ChatPage, entries: readonly UnreadEntry[]): void {
  const counts = new Map(entries.map((entry) => [entry.chat_id, entry.count]));
  for (const chat of list.items) chat.unread = counts.get(chat.id) ?? 0;
}

// The header's figure: unread messages over all chats.
export function unreadTotal(entries: readonly UnreadEntry[]): number {
  return entries.reduce((sum, entry) => sum + Math.max(0, entry.count), 0);
}

// A message of mine the other side has not read yet can still be edited.
export function canEdit(message: Message, viewerId: number, peerLastReadId: number | null): boolean {
  return message.user.id === viewerId && !message.deleted && (peerLastReadId ?? 0) < message.id;
}

export type DeliveryMark = 'sending' | 'failed' | 'sent' | 'read';

export function deliveryMark(message: Message, peerLastReadId: number | null): DeliveryMark {
  return (peerLastReadId ?? 0) >= message.id ? 'read' : 'sent';
}
