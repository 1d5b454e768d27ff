import type { Chat, Message } from '@/features/messenger/model/types';

export const kAnna = { id: 7, name: 'Anna', lastname: 'Petrova', avatar: null };
export const kIvan = { id: 8, name: 'Ivan', lastname: 'Orlov', avatar: null };

export function message(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    chat_id: 3,
    client_id: `c-${id}`,
    user: kIvan,
    text: `text ${id}`,
    short_text: `text ${id}`,
    attachments: [],
    created_at: new Date(Date.UTC(2026, 0, 1, 10, id)).toISOString(),
    edited_at: null,
    deleted: false,
    caution: [],
    ...overrides,
  };
}

export function chat(id: number, overrides: Partial<Chat> = {}): Chat {
  return {
    id,
    user: kIvan,
    context: null,
    last_message: null,
    unread: 0,
    my_last_read_id: null,
    peer_last_read_id: null,
    updated_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    ...overrides,
  };
}
