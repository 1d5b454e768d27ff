import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useListChatsQuery } from '@/features/messenger/api/messenger-api';
import type { Chat } from '@/features/messenger/model/types';
import { messengerPaths } from '@/features/messenger/paths';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatRelative, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { KeysetPages } from '@/components/keyset-pages';

function Excerpt({ chat, viewerId }: { chat: Chat; viewerId: number }) {
  const { t } = useTranslation('messenger');
  const message = chat.last_message;
  if (message === null) return <span className="muted">{t('list.no_messages')}</span>;
  const text = message.deleted
    ? t('list.deleted')
    : (message.short_text ?? '') !== ''
      ? (message.short_text ?? '')
      : t('list.attachment');
  return <span>{message.user.id === viewerId ? t('list.you', { text }) : text}</span>;
}

function ChatRow({ chat, viewerId }: { chat: Chat; viewerId: number }) {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  return (
    <li>
      <NavLink to={messengerPaths.chat(lang, chat.id)} className="chat-row" data-testid="chat-row">
        <img className="avatar" src={chat.user.avatar ?? kDefaultAvatar} alt="" width={40} height={40} />
        <span className="chat-row-body">
          <span className="chat-row-top">
            <strong className="chat-row-name">{fullName(chat.user)}</strong>
            {chat.last_message !== null && (
              <time className="muted chat-row-time" dateTime={chat.last_message.created_at}>
                {formatRelative(chat.last_message.created_at, lang)}
              </time>
            )}
          </span>
          {chat.context !== null && (
            <span className="muted chat-row-context">
              {chat.context.type === 'order'
                ? t('list.context', { title: chat.context.title })
                : t('list.response_context', { title: chat.context.title })}
            </span>
          )}
          <span className="chat-row-excerpt">
            <Excerpt chat={chat} viewerId={viewerId} />
          </span>
        </span>
        {chat.unread > 0 && (
          <span
            className="chat-row-unread"
            data-testid="chat-unread"
            aria-label={t('list.unread', { count: chat.unread })}
          >
            {chat.unread > 99 ? '99+' : chat.unread}
          </span>
        )}
      </NavLink>
    </li>
  );
}

function ChatListPage({
  cursor,
  last,
  onMore,
  viewerId,
}: {
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
  viewerId: number;
}) {
  const { t } = useTranslation('messenger');
  const result = useListChatsQuery(cursor === undefined ? {} : { cursor });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => cursor === undefined && data.items.length === 0}
      empty={<p className="muted chat-list-empty">{t('list.empty')}</p>}
    >
      {(data) => (
        <>
          <ul className="chat-rows">
            {data.items.map((chat) => (
              <ChatRow key={chat.id} chat={chat} viewerId={viewerId} />
            ))}
          </ul>
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// m: the chats by last activity, the other person, an excerpt of the last message and the unread count.
export function ChatList({ viewerId }: { viewerId: number }) {
  const { t } = useTranslation('messenger');
  return (
    <nav className="chat-list" aria-label={t('list.label')} data-testid="chat-list">
      <KeysetPages>
        {(page) => <ChatListPage key={page.cursor ?? 'first'} {...page} viewerId={viewerId} />}
      </KeysetPages>
    </nav>
  );
}
