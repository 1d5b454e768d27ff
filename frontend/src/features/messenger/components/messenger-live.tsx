import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';

import { MessageToasts } from '@/features/messenger/components/message-toasts';
import { applyEvent, useMessengerDispatch } from '@/features/messenger/model/live';
import {
  kMessageToastLife,
  shouldToast,
  toastOf,
  withoutChat,
  withToast,
  type MessageToast,
} from '@/features/messenger/model/message-toasts';
import type { NewMessageEvent } from '@/features/messenger/model/types';
import {
  kUnreadAlertCookie,
  kUnreadAlertCookieSeconds,
  kUnreadAlertDelayMs,
  shouldShowUnreadAlert,
} from '@/features/messenger/model/unread-alert';
import { messengerPaths, openChatIdOf } from '@/features/messenger/paths';
import { getCookie, setCookie } from '@/lib/cookies';
import { useLanguage } from '@/lib/i18n/use-language';
import { realtime } from '@/lib/realtime/realtime';
import { playMessageSound } from '@/lib/sound/message-sound';

export interface MessengerLiveProps {
  viewerId: number;
  // Unread messages over all chats (the session's, from user info and chat.unreadMsg).
  unread: number;
}

// Mounted by the shell for a signed-in user: the socket's messenger events into the cache, the new-message
// toasts with their sound, and the unread alert (SPEC §4, §9).
export function MessengerLive({ viewerId, unread }: MessengerLiveProps) {
  const dispatch = useMessengerDispatch();
  const store = useStore();
  const location = useLocation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [toasts, setToasts] = useState<MessageToast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const openChatId = openChatIdOf(location.pathname);
  const openChat = useRef(openChatId);
  useEffect(() => {
    openChat.current = openChatId;
  }, [openChatId]);

  const dismiss = useCallback((key: string) => {
    const timer = timers.current.get(key);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(key);
    setToasts((current) => current.filter((toast) => toast.key !== key));
  }, []);

  const show = useCallback(
    (toast: MessageToast) => {
      setToasts((current) => withToast(current, toast));
      const old = timers.current.get(toast.key);
      if (old !== undefined) clearTimeout(old);
      timers.current.set(
        toast.key,
        setTimeout(() => dismiss(toast.key), kMessageToastLife),
      );
    },
    [dismiss],
  );

  useEffect(
    () =>
      realtime.onEvent((event) => {
        applyEvent(event, dispatch, store.getState as never, viewerId, openChat.current);
        if (event.event !== 'chat.newMsg') return;
        const data = event.data as NewMessageEvent;
        if (data?.message === undefined || !shouldToast(data, viewerId, openChat.current)) return;
        show(toastOf(data));
        playMessageSound();
      }),
    [dispatch, store, viewerId, show],
  );

  // The unread alert: once per page load, 1000 ms after user info, at most once an hour.
  const unreadNow = useRef(unread);
  const pathNow = useRef(location.pathname);
  useEffect(() => {
    unreadNow.current = unread;
    pathNow.current = location.pathname;
  }, [unread, location.pathname]);
  // The decision is on <html data-unread-alert="pending|shown|skipped"> (like data-realtime), so a test or a look
  // in the developer tools can tell "not yet decided" from "decided not to show".
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.unreadAlert = 'pending';
    const timer = setTimeout(() => {
      const input = {
        unread: unreadNow.current,
        pathname: pathNow.current,
        cookie: getCookie(kUnreadAlertCookie),
      };
      if (!shouldShowUnreadAlert(input)) {
        root.dataset.unreadAlert = 'skipped';
        return;
      }
      setCookie(kUnreadAlertCookie, '1', { maxAgeSeconds: kUnreadAlertCookieSeconds });
      show({ key: 'alert', kind: 'alert', chatId: null, sender: '', text: '', count: input.unread });
      root.dataset.unreadAlert = 'shown';
    }, kUnreadAlertDelayMs);
    return () => {
      clearTimeout(timer);
      delete root.dataset.unreadAlert;
    };
  }, [show]);

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);

  return (
    <MessageToasts
      // The chat open now has no toasts.
      toasts={openChatId === null ? toasts : withoutChat(toasts, openChatId)}
      onOpen={(toast) => {
        dismiss(toast.key);
        navigate(toast.chatId === null ? messengerPaths.list(lang) : messengerPaths.chat(lang, toast.chatId));
      }}
      onClose={(toast) => dismiss(toast.key)}
    />
  );
}
