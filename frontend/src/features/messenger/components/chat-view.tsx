import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shallowEqual, useSelector, useStore } from 'react-redux';
import { Link } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import {
  messengerApi,
  useDeleteChatMessageMutation,
  useEditChatMessageMutation,
  useGetChatQuery,
  useListChatMessagesQuery,
  useReadChatMutation,
  useSendChatMessageMutation,
  messagesArg,
  type ListMessagesArg,
} from '@/features/messenger/api/messenger-api';
import { Composer, type ComposerSend } from '@/features/messenger/components/composer';
import { MessageItem } from '@/features/messenger/components/message-item';
import { dayKey, dayLabel, dayStarts } from '@/features/messenger/model/days';
import { canEdit, deliveryMark } from '@/features/messenger/model/cache';
import { applyMessage, useMessengerDispatch } from '@/features/messenger/model/live';
import type { Chat, Message, MessagePage } from '@/features/messenger/model/types';
import { messengerPaths } from '@/features/messenger/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';
import { paths } from '@/lib/routing/paths';
import { realtime } from '@/lib/realtime/realtime';

// A message on its way: shown at once (optimistic), replaced by the server's when it arrives.
interface Pending {
  client_id: string;
  text: string;
  attachments: ComposerSend['attachments'];
  failed: boolean;
  created_at: string;
}

const kTypingShowMs = 5000;
const kTypingSendMs = 2500;

function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(Math.random() * 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

// Subscribes to one page of history (the data is read by the chat through the cache).
function HistoryPage({ arg }: { arg: ListMessagesArg }) {
  useListChatMessagesQuery(arg);
  return null;
}

function pendingMessage(pending: Pending, chat: Chat, viewerId: number): Message {
  return {
    id: 0,
    chat_id: chat.id,
    client_id: pending.client_id,
    user: { id: viewerId, name: '', lastname: '', avatar: null },
    text: pending.text,
    short_text: null,
    attachments: [],
    created_at: pending.created_at,
    edited_at: null,
    deleted: false,
    caution: [],
  };
}

// "Today", "Yesterday" or the date, above the first message of a day.
function DaySeparator({ at }: { at: string }) {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  return (
    <li className="chat-day" role="separator" data-testid="chat-day">
      <span>{dayLabel(at, lang, { today: t('chat.today'), yesterday: t('chat.yesterday') })}</span>
    </li>
  );
}

function ChatBody({ chat, viewerId }: { chat: Chat; viewerId: number }) {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  const dispatch = useMessengerDispatch();
  const store = useStore();
  const [older, setOlder] = useState<number[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [online, setOnline] = useState(false);
  // The other side's last client-typing: until when it shows, and after which of their messages (a message
  // from them ends it).
  const [typing, setTyping] = useState({ until: 0, after: 0 });
  const [now, setNow] = useState(0);
  const lastPeerId = useRef(0);
  const presence = useRef<ReturnType<typeof realtime.joinPresence> | null>(null);
  const lastTyping = useRef(0);
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastRead = useRef(0);
  const [send] = useSendChatMessageMutation();
  const [edit] = useEditChatMessageMutation();
  const [remove] = useDeleteChatMessageMutation();
  const [markRead] = useReadChatMutation();

  const args = useMemo<ListMessagesArg[]>(
    () => [...older.map((before) => messagesArg(chat.id, before)), messagesArg(chat.id)],
    [older, chat.id],
  );
  const selectors = useMemo(
    () => args.map((arg) => messengerApi.endpoints.listChatMessages.select(arg)),
    [args],
  );
  const results = useSelector((state) => selectors.map((select) => select(state as never)), shallowEqual);
  const pages = results.map((result) => result.data);
  const newest = results[results.length - 1];
  const oldest: MessagePage | undefined = pages[0];

  const seen = new Set<number>();
  const messages: Message[] = [];
  for (const page of pages) {
    for (const message of page?.items ?? []) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  messages.sort((a, b) => a.id - b.id);
  const clientIds = new Set(messages.map((message) => message.client_id));
  const shownPending = pending.filter((item) => !clientIds.has(item.client_id));
  // A day's first message gets the day above it; messages still being sent are today's.
  const starts = dayStarts(messages.map((message) => message.created_at));
  const last = messages[messages.length - 1];
  const todayShown = last !== undefined && dayKey(last.created_at) === dayKey(new Date().toISOString());

  // Presence: the other side online, and their typing.
  useEffect(() => {
    const subscription = realtime.joinPresence(chat.id, {
      onMembers: (members) => setOnline(members.some((member) => Number(member.id) === chat.user.id)),
      onClientEvent: (event, data) => {
        if (event !== 'client-typing') return;
        if ((data as { user_id?: number } | null)?.user_id === viewerId) return;
        const at = Date.now();
        setTyping({ until: at + kTypingShowMs, after: lastPeerId.current });
        setNow(at);
        setTimeout(() => setNow(Date.now()), kTypingShowMs + 50);
      },
    });
    presence.current = subscription;
    return () => {
      subscription.leave();
      presence.current = null;
    };
  }, [chat.id, chat.user.id, viewerId]);

  const lastPeer = [...messages].reverse().find((message) => message.user.id !== viewerId);
  useEffect(() => {
    lastPeerId.current = lastPeer?.id ?? 0;
  }, [lastPeer?.id]);

  const onTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < kTypingSendMs) return;
    lastTyping.current = now;
    presence.current?.trigger('client-typing', { user_id: viewerId });
  }, [viewerId]);

  // Read up to the newest message of the other side while the page is in view.
  useEffect(() => {
    const peerLast = lastPeer?.id ?? 0;
    const read = () => {
      if (document.visibilityState !== 'visible') return;
      if (peerLast <= Math.max(chat.my_last_read_id ?? 0, lastRead.current)) return;
      lastRead.current = peerLast;
      void markRead({ chatId: chat.id, body: { message_id: peerLast } }).then((result) => {
        if (!('data' in result) || result.data === undefined) return;
        const mine = result.data.my_last_read_id ?? 0;
        dispatch(
          messengerApi.util.updateQueryData('getChat', { chatId: chat.id }, (draft) => {
            draft.my_last_read_id = Math.max(draft.my_last_read_id ?? 0, mine);
            draft.unread = 0;
          }),
        );
        for (const cached of messengerApi.util.selectCachedArgsForQuery(
          store.getState() as never,
          'listChats',
        )) {
          dispatch(
            messengerApi.util.updateQueryData('listChats', cached, (draft) => {
              const item = draft.items.find((entry) => entry.id === chat.id);
              if (item !== undefined) item.unread = 0;
            }),
          );
        }
      });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [lastPeer?.id, chat.id, chat.my_last_read_id, markRead, dispatch, store]);

  // Keeps the view at the bottom when it was there; an earlier page keeps the reader's place.
  const height = useRef(0);
  const firstId = messages[0]?.id ?? 0;
  const firstIdBefore = useRef(firstId);
  useLayoutEffect(() => {
    const box = list.current;
    if (box === null) return;
    if (firstId !== firstIdBefore.current && firstIdBefore.current !== 0 && !atBottom.current) {
      box.scrollTop += box.scrollHeight - height.current;
    } else if (atBottom.current) {
      box.scrollTop = box.scrollHeight;
    }
    firstIdBefore.current = firstId;
    height.current = box.scrollHeight;
  });

  const deliver = async (item: Pending) => {
    const result = await send({
      chatId: chat.id,
      sendMessageInput: {
        client_id: item.client_id,
        text: item.text,
        attachment_ids: item.attachments.map((attachment) => attachment.id),
      },
    });
    if ('data' in result && result.data !== undefined) {
      applyMessage(result.data, dispatch, store.getState() as never, viewerId, chat.id);
      setPending((current) => current.filter((entry) => entry.client_id !== item.client_id));
    } else {
      setPending((current) =>
        current.map((entry) => (entry.client_id === item.client_id ? { ...entry, failed: true } : entry)),
      );
    }
  };

  const onSend = ({ text, attachments }: ComposerSend) => {
    const item: Pending = {
      client_id: newClientId(),
      text,
      attachments,
      failed: false,
      created_at: new Date().toISOString(),
    };
    atBottom.current = true;
    setPending((current) => [...current, item]);
    void deliver(item);
  };

  const retry = (item: Pending) => {
    const again = { ...item, failed: false };
    setPending((current) => current.map((entry) => (entry.client_id === item.client_id ? again : entry)));
    void deliver(again);
  };

  // A message from the other side ends their "typing…".
  const typingNow = typing.until > now && (lastPeer?.id ?? 0) === typing.after;
  const newestLoaded = newest?.data !== undefined;

  return (
    <div className="chat" data-testid="chat">
      <header className="chat-header">
        <Link to={messengerPaths.list(lang)} className="icon-button chat-back" aria-label={t('chat.back')}>
          <span className="pi pi-arrow-left" aria-hidden="true" />
        </Link>
        <Link to={paths.customerPage(lang, chat.user.id, 'orders')} className="chat-peer">
          <span className="chat-peer-avatar">
            <img className="avatar" src={chat.user.avatar ?? kDefaultAvatar} alt="" width={40} height={40} />
            {online && <span className="online-dot" data-testid="online-dot" aria-hidden="true" />}
          </span>
          <span className="chat-peer-text">
            <strong>{fullName(chat.user)}</strong>
            <span className="muted" data-testid="chat-status">
              {typingNow ? t('chat.typing') : online ? t('chat.online') : t('chat.offline')}
            </span>
          </span>
        </Link>
        {chat.context !== null && (
          <Link
            to={
              chat.context.type === 'order'
                ? paths.order(lang, chat.context.id)
                : applicantPaths.responseList(lang, chat.context.id)
            }
            className="chat-context muted"
            data-testid="chat-context"
          >
            {chat.context.type === 'order'
              ? t('list.context', { title: chat.context.title })
              : t('list.response_context', { title: chat.context.title })}
          </Link>
        )}
      </header>
      <div
        ref={list}
        className="chat-messages"
        onScroll={(event) => {
          const box = event.currentTarget;
          atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
        }}
      >
        {args.map((arg) => (
          <HistoryPage key={arg.before ?? 'newest'} arg={arg} />
        ))}
        {!newestLoaded && newest !== undefined ? (
          <QueryFallback
            results={[
              {
                data: newest.data,
                error: newest.error,
                isFetching: newest.isLoading,
                refetch: () =>
                  dispatch(messengerApi.util.invalidateTags([{ type: 'ChatMessages', id: chat.id }])),
              },
            ]}
          />
        ) : (
          <>
            {oldest?.has_more === true && (
              <button
                type="button"
                className="p-button p-button-text p-button-sm chat-earlier"
                onClick={() => {
                  atBottom.current = false;
                  const first = oldest.items[0];
                  if (first !== undefined) setOlder((current) => [first.id, ...current]);
                }}
                data-testid="chat-earlier"
              >
                {t('chat.earlier')}
              </button>
            )}
            {messages.length === 0 && shownPending.length === 0 && (
              <p className="muted chat-empty">{t('chat.empty')}</p>
            )}
            <ol className="messages" aria-label={t('chat.history', { name: fullName(chat.user) })}>
              {messages.map((message, index) => {
                const own = message.user.id === viewerId;
                return (
                  <Fragment key={message.id}>
                    {starts.has(index) && <DaySeparator at={message.created_at} />}
                    <MessageItem
                      key={message.id}
                      message={message}
                      own={own}
                      mark={own && !message.deleted ? deliveryMark(message, chat.peer_last_read_id) : null}
                      editable={canEdit(message, viewerId, chat.peer_last_read_id)}
                      onEdit={async (text) => {
                        const result = await edit({ chatId: chat.id, messageId: message.id, body: { text } });
                        if ('data' in result && result.data !== undefined) {
                          applyMessage(result.data, dispatch, store.getState() as never, viewerId, chat.id);
                          return true;
                        }
                        return false;
                      }}
                      onDelete={() => {
                        void remove({ chatId: chat.id, messageId: message.id }).then((result) => {
                          if ('data' in result && result.data !== undefined) {
                            applyMessage(result.data, dispatch, store.getState() as never, viewerId, chat.id);
                          }
                        });
                      }}
                    />
                  </Fragment>
                );
              })}
              {shownPending.length > 0 && !todayShown && <DaySeparator at={new Date().toISOString()} />}
              {shownPending.map((item) => (
                <MessageItem
                  key={item.client_id}
                  message={pendingMessage(item, chat, viewerId)}
                  own
                  mark={item.failed ? 'failed' : 'sending'}
                  editable={false}
                  onEdit={() => Promise.resolve(false)}
                  onDelete={() => undefined}
                  onRetry={() => retry(item)}
                />
              ))}
            </ol>
          </>
        )}
      </div>
      <Composer onSend={onSend} onTyping={onTyping} />
    </div>
  );
}

// m/chat/{chat_id}: the chat's header (the other person, online or typing, the order), its history loaded
// upwards, and the composer.
export function ChatView({ chatId, viewerId }: { chatId: number; viewerId: number }) {
  const { t } = useTranslation('messenger');
  const chatQuery = useGetChatQuery({ chatId });
  const { data: chat, error } = chatQuery;
  useDocumentTitle(chat === undefined ? t('title') : fullName(chat.user));
  if (errorStatus(error) === 404) return <NotFoundPage />;
  if (chat === undefined) return <QueryFallback results={[chatQuery]} />;
  return <ChatBody key={chat.id} chat={chat} viewerId={viewerId} />;
}
