import type { Chat, ChatUser, ChatPage, Message, MessagePage } from '@/features/messenger/model/types';
import { baseApi } from '@/lib/api/base-api';

export interface ListMessagesArg {
  chatId: number;
  // Older than this message id; undefined for the newest page.
  before?: number;
}

export const kMessagePageSize = 30;

// The messenger's endpoints (tag `messenger`) with their cache tags. Messages live in pages keyed by `before`;
// the socket's events update the cached pages (model/cache), and a reconnect invalidates them.
export const messengerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listChats: build.query<ChatPage, { cursor?: string }>({
      query: ({ cursor }) => ({ url: '/api/chats', params: cursor === undefined ? {} : { cursor } }),
      providesTags: [{ type: 'Chat', id: 'LIST' }],
    }),
    getChat: build.query<Chat, { chatId: number }>({
      query: ({ chatId }) => ({ url: `/api/chats/${chatId}` }),
      providesTags: (_result, _error, { chatId }) => [{ type: 'Chat', id: chatId }],
    }),
    createChat: build.mutation<Chat, { user_id: number; context?: { type: 'order'; id: number } }>({
      query: (body) => ({ url: '/api/chats', method: 'POST', body }),
      invalidatesTags: [{ type: 'Chat', id: 'LIST' }],
    }),
    listMessages: build.query<MessagePage, ListMessagesArg>({
      query: ({ chatId, before }) => ({
        url: `/api/chats/${chatId}/messages`,
        params: before === undefined ? { limit: kMessagePageSize } : { before, limit: kMessagePageSize },
      }),
      providesTags: (_result, _error, { chatId }) => [{ type: 'ChatMessages', id: chatId }],
    }),
    sendMessage: build.mutation<
      Message,
      { chatId: number; client_id: string; text: string; attachment_ids: number[] }
    >({
      query: ({ chatId, ...body }) => ({ url: `/api/chats/${chatId}/messages`, method: 'POST', body }),
      // The composer shows a failed send beside the message (with a retry), not in a toast.
      extraOptions: { quiet: true },
    }),
    editMessage: build.mutation<Message, { chatId: number; messageId: number; text: string }>({
      query: ({ chatId, messageId, text }) => ({
        url: `/api/chats/${chatId}/messages/${messageId}`,
        method: 'PATCH',
        body: { text },
      }),
    }),
    deleteMessage: build.mutation<Message, { chatId: number; messageId: number }>({
      query: ({ chatId, messageId }) => ({
        url: `/api/chats/${chatId}/messages/${messageId}`,
        method: 'DELETE',
      }),
    }),
    // The recipient of a new chat (the public card, GET /api/users/{id}).
    getRecipient: build.query<ChatUser, { id: number }>({
      query: ({ id }) => ({ url: `/api/users/${id}` }),
      extraOptions: { quiet: true },
    }),
    markRead: build.mutation<{ my_last_read_id: number }, { chatId: number; message_id: number }>({
      query: ({ chatId, message_id }) => ({
        url: `/api/chats/${chatId}/read`,
        method: 'POST',
        body: { message_id },
      }),
      extraOptions: { quiet: true },
    }),
  }),
});

export const {
  useListChatsQuery,
  useGetChatQuery,
  useCreateChatMutation,
  useListMessagesQuery,
  useSendMessageMutation,
  useEditMessageMutation,
  useDeleteMessageMutation,
  useMarkReadMutation,
  useGetRecipientQuery,
} = messengerApi;
