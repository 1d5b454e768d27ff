import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { QueryFallback } from '@/components/query-state';
import {
  useStartChatMutation,
  useGetRecipientQuery,
  useSendChatMessageMutation,
} from '@/features/messenger/api/messenger-api';
import { Composer, type ComposerSend } from '@/features/messenger/components/composer';
import { messengerPaths } from '@/features/messenger/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';

function newClientId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

function Recipient({ userId, viewerId }: { userId: number; viewerId: number }) {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  const navigate = useNavigate();
  const query = useGetRecipientQuery({ id: userId });
  const [createChat, { isLoading: creating }] = useStartChatMutation();
  const [send, { isLoading: sending }] = useSendChatMessageMutation();
  const { data: user, error } = query;
  if (userId === viewerId) return <p className="field-error">{t('new_chat.self')}</p>;
  if (errorStatus(error) === 404) return <p className="field-error">{t('new_chat.not_found')}</p>;
  if (user === undefined) return <QueryFallback results={[query]} />;

  const onSend = async ({ text, attachments }: ComposerSend) => {
    const chat = await createChat({ startChatInput: { user_id: userId } });
    if (!('data' in chat) || chat.data === undefined) return;
    await send({
      chatId: chat.data.id,
      sendMessageInput: {
        client_id: newClientId(),
        text,
        attachment_ids: attachments.map((attachment) => attachment.id),
      },
    });
    navigate(messengerPaths.chat(lang, chat.data.id), { replace: true });
  };

  return (
    <div className="new-chat-recipient" data-testid="new-chat-recipient">
      <p className="new-chat-to">
        <span className="muted">{t('new_chat.recipient')}</span>
        <img className="avatar" src={user.avatar ?? kDefaultAvatar} alt="" width={32} height={32} />
        <strong>{fullName(user)}</strong>
      </p>
      <Composer onSend={(message) => void onSend(message)} disabled={creating || sending} />
    </div>
  );
}

// m/chat: the new chat. ?user={id} names the recipient (the profile's and the order's "Write a message" lead
// here when no chat exists yet); without it, the recipient is chosen by the number of their profile.
export function NewChat({ viewerId }: { viewerId: number }) {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  const [search, setSearch] = useSearchParams();
  const user = search.get('user');
  const [typed, setTyped] = useState(user ?? '');
  useDocumentTitle(t('new_chat.title'));
  const valid = user !== null && isDigitId(user);

  return (
    <div className="new-chat" data-testid="new-chat">
      <h1 className="new-chat-title">
        <Link to={messengerPaths.list(lang)} className="icon-button chat-back" aria-label={t('chat.back')}>
          <span className="pi pi-arrow-left" aria-hidden="true" />
        </Link>
        {t('new_chat.title')}
      </h1>
      <p className="muted">{t('new_chat.intro')}</p>
      <form
        className="new-chat-find"
        onSubmit={(event) => {
          event.preventDefault();
          const id = typed.replace(/\D/g, '');
          if (id !== '') setSearch({ user: id });
        }}
      >
        <label htmlFor="new-chat-user">{t('new_chat.user_id')}</label>
        <div className="new-chat-find-row">
          <input
            id="new-chat-user"
            className="p-inputtext"
            inputMode="numeric"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="p-button p-button-outlined">
            {t('new_chat.find')}
          </button>
        </div>
      </form>
      {valid && <Recipient key={user} userId={Number(user)} viewerId={viewerId} />}
    </div>
  );
}
