import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { messengerApi } from '@/features/messenger/api/messenger-api';
import {
  applyMessageToList,
  applyRead,
  applyUnreadList,
  upsertMessage,
} from '@/features/messenger/model/cache';
import type { Message, ReadEvent, UnreadEntry } from '@/features/messenger/model/types';
import type { RealtimeEvent } from '@/lib/realtime/realtime';

export type MessengerState = Parameters<typeof messengerApi.util.selectCachedArgsForQuery>[0];
// The app's dispatch as the cache's thunks need it (they read the API's state).
export type MessengerDispatch = ThunkDispatch<MessengerState, unknown, UnknownAction>;
type Dispatch = MessengerDispatch;
type State = MessengerState;

export function useMessengerDispatch(): MessengerDispatch {
  return useAppDispatch() as unknown as MessengerDispatch;
}

// The socket's events into the cached answers: the open chat's history, the chat, the list of chats.
export function applyEvent(
  event: RealtimeEvent,
  dispatch: Dispatch,
  getState: () => State,
  viewerId: number,
  openChatId: number | null,
): void {
  const state = getState();
  switch (event.event) {
    case 'chat.message': {
      const message = (event.data as { message?: Message } | null)?.message;
      if (message === undefined) return;
      applyMessage(message, dispatch, state, viewerId, openChatId);
      return;
    }
    case 'chat.read': {
      const read = event.data as ReadEvent;
      dispatch(
        messengerApi.util.updateQueryData('getChat', { chatId: read.chat_id }, (chat) =>
          applyRead(chat, read, viewerId),
        ),
      );
      for (const args of messengerApi.util.selectCachedArgsForQuery(state, 'listChats')) {
        dispatch(
          messengerApi.util.updateQueryData('listChats', args, (list) => {
            for (const chat of list.items) applyRead(chat, read, viewerId);
          }),
        );
      }
      return;
    }
    case 'chat.unreadMsg': {
      const entries = (event.data as { unread_msg?: UnreadEntry[] } | null)?.unread_msg ?? [];
      for (const args of messengerApi.util.selectCachedArgsForQuery(state, 'listChats')) {
        dispatch(
          messengerApi.util.updateQueryData('listChats', args, (list) => applyUnreadList(list, entries)),
        );
      }
      return;
    }
    default:
  }
}

export function applyMessage(
  message: Message,
  dispatch: Dispatch,
  state: State,
  viewerId: number,
  openChatId: number | null,
): void {
  for (const args of messengerApi.util.selectCachedArgsForQuery(state, 'listChatMessages')) {
    if (args.chatId !== message.chat_id) continue;
    dispatch(
      messengerApi.util.updateQueryData('listChatMessages', args, (page) => {
        upsertMessage(page, message, args.before === undefined);
      }),
    );
  }
  dispatch(
    messengerApi.util.updateQueryData('getChat', { chatId: message.chat_id }, (chat) => {
      if (chat.last_message === null || chat.last_message.id <= message.id) chat.last_message = message;
    }),
  );
  let missing = false;
  for (const args of messengerApi.util.selectCachedArgsForQuery(state, 'listChats')) {
    dispatch(
      messengerApi.util.updateQueryData('listChats', args, (list) => {
        if (args.cursor === undefined && !applyMessageToList(list, message, viewerId, openChatId))
          missing = true;
      }),
    );
  }
  if (missing) dispatch(messengerApi.util.invalidateTags([{ type: 'Chat', id: 'LIST' }]));
}
