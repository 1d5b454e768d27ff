import '@/styles/messenger.css';

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { ChatList } from '@/features/messenger/components/chat-list';
import { ChatView } from '@/features/messenger/components/chat-view';
import { NewChat } from '@/features/messenger/components/new-chat';
import { messengerPaths } from '@/features/messenger/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { useViewer } from '@/lib/session/viewer';

export interface MessengerPageProps {
  screen: 'list' | 'new' | 'chat';
}

// m, m/chat and m/chat/{chat_id}: the chats beside the open one on a desktop; on a phone (≤ 760 px) one at a
// time — the list at m, the chat (with a way back) elsewhere.
export default function MessengerPage({ screen }: MessengerPageProps) {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  const { chatId } = useParams();
  const viewer = useViewer();
  useDocumentTitle(t('title'));
  if (screen === 'chat' && !isDigitId(chatId)) return <NotFoundPage />;
  if (viewer.id === null) return null;
  return (
    <section className={`page messenger messenger-${screen}`} data-testid="messenger">
      <aside className="messenger-side">
        <div className="messenger-side-head">
          <h1 className="messenger-title">{t('title')}</h1>
          <Link to={messengerPaths.newChat(lang)} className="p-button p-button-sm p-button-outlined">
            <span className="pi pi-plus" aria-hidden="true" />
            <span className="messenger-new-label">{t('list.new_chat')}</span>
          </Link>
        </div>
        <ChatList viewerId={viewer.id} />
      </aside>
      <div className="messenger-main">
        {screen === 'chat' ? (
          <ChatView key={chatId} chatId={Number(chatId)} viewerId={viewer.id} />
        ) : screen === 'new' ? (
          <NewChat viewerId={viewer.id} />
        ) : (
          <p className="muted messenger-choose">{t('chat.choose')}</p>
        )}
      </div>
    </section>
  );
}
