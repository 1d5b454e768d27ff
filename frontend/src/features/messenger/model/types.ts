// The messenger's shapes: the API's (tag `messenger` of docs/api/openapi.yaml) and the events' (CONTRACT-10).
import type {
  Chat,
  ChatAttachment,
  ChatContext,
  ChatMessage,
  ChatPage,
  ChatUpload,
  MessagePage,
  UnreadEntry,
  UserCard,
} from '@/lib/api/schema.generated';

export type { Chat, ChatAttachment, ChatContext, ChatPage, MessagePage, UnreadEntry };
export type Message = ChatMessage;
export type ChatUser = UserCard;
export type UploadedAttachment = ChatUpload;

// chat.newMsg's message (SPEC §3).
export interface NewMessageEvent {
  message: {
    id: number;
    chat_id: number;
    user: { id: number; name: string; lastname: string | null; avatar: string | null };
    details: { short_text: string | null; text: string | null };
    created_at: string;
  };
}

// chat.read: the reader and how far they have read.
export interface ReadEvent {
  chat_id: number;
  user_id: number;
  last_read_id: number;
}
