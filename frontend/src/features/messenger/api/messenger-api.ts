import { messengerGeneratedApi } from '@/features/messenger/api/messenger.generated';
import type { ChatUser } from '@/features/messenger/model/types';

export interface ListMessagesArg {
  chatId: number;
  // Older than this message id; undefined for the newest page.
  before?: number;
  limit: number;
}

export const kMessagePageSize = 30;

export function messagesArg(chatId: number, before?: number): ListMessagesArg {
  return before === undefined
    ? { chatId, limit: kMessagePageSize }
    : { chatId, before, limit: kMessagePageSize };
}

// The generated endpoints of the `messenger` tag with their cache tags. Messages live in pages keyed by
// `before`; the socket's events update the cached pages (model/live), and a reconnect invalidates them.
export const messengerApi = messengerGeneratedApi
  .enhanceEndpoints({
    endpoints: {
      listChats: { providesTags: [{ type: 'Chat', id: 'LIST' }] },
      getChat: { providesTags: (_result, _error, { chatId }) => [{ type: 'Chat', id: chatId }] },
      startChat: { invalidatesTags: [{ type: 'Chat', id: 'LIST' }] },
      listChatMessages: {
        providesTags: (_result, _error, { chatId }) => [{ type: 'ChatMessages', id: chatId }],
      },
      // The chat shows a failed send beside the message (with a retry), and a failed read mark is tried
      // again with the next message: no toasts.
      sendChatMessage: { extraOptions: { quiet: true } },
      readChat: { extraOptions: { quiet: true } },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      // The recipient of a new chat (the public card, GET /api/users/{id}; the profiles tag's operation).
      getRecipient: build.query<ChatUser, { id: number }>({
        query: ({ id }) => ({ url: `/api/users/${id}` }),
        extraOptions: { quiet: true },
      }),
    }),
  });

export const {
  useListChatsQuery,
  useGetChatQuery,
  useStartChatMutation,
  useListChatMessagesQuery,
  useSendChatMessageMutation,
  useEditChatMessageMutation,
  useDeleteChatMessageMutation,
  useReadChatMutation,
  useGetRecipientQuery,
} = messengerApi;
