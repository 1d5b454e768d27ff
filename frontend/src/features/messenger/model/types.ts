// The messenger's shapes (CONTRACT-10, tag `messenger` of docs/api/openapi.yaml).

export interface ChatUser {
  id: number;
  name: string;
  lastname: string | null;
  avatar: string | null;
}

export interface ChatAttachment {
  id: number;
  name: string;
  size: number;
  content_type: string;
  is_image: boolean;
  url: string;
  thumbnail_url: string | null;
}

export type CautionKind = 'phone' | 'email' | 'card' | 'messenger' | 'off_platform';

export interface Message {
  id: number;
  chat_id: number;
  client_id: string;
  user: ChatUser;
  text: string | null;
  short_text: string | null;
  attachments: ChatAttachment[];
  created_at: string;
  edited_at: string | null;
  deleted: boolean;
  caution: string[];
}

export interface ChatContext {
  type: string;
  id: number;
  title: string;
}

export interface Chat {
  id: number;
  user: ChatUser;
  context: ChatContext | null;
  last_message: Message | null;
  unread: number;
  my_last_read_id: number | null;
  peer_last_read_id: number | null;
  updated_at: string;
}

export interface ChatPage {
  items: Chat[];
  next_cursor: string | null;
}

export interface MessagePage {
  items: Message[];
  has_more: boolean;
}

// One entry of user info's unread_msg and of chat.unreadMsg.
export interface UnreadEntry {
  chat_id: number;
  count: number;
  last_message_id: number;
}

export interface UploadedAttachment {
  id: number;
  name: string;
  size: number;
  content_type: string;
  is_image: boolean;
}

// chat.newMsg's message (SPEC §3).
export interface NewMessageEvent {
  message: {
    id: number;
    chat_id: number;
    user: ChatUser;
    details: { short_text: string | null; text: string | null };
    created_at: string;
  };
}

export interface ReadEvent {
  chat_id: number;
  user_id: number;
  last_read_id: number;
}
