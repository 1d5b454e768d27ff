import '@/styles/messenger.css';

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { messagesArg, useListChatMessagesQuery } from '@/features/messenger/api/messenger-api';
import { messengerPaths } from '@/features/messenger/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { formatFileSize } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';

// m/chat/{chatId}/{msgId}/{filepath}: one attachment of a message (the file path is its id) — its name, size,
// a preview of an image and the download; 404 to anyone but the two participants.
export default function FilePage() {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  const { chatId, msgId, filepath } = useParams();
  const valid = isDigitId(chatId) && isDigitId(msgId) && isDigitId(filepath);
  // The message itself: the newest one before msgId + 1.
  const query = useListChatMessagesQuery(messagesArg(Number(chatId), Number(msgId) + 1), { skip: !valid });
  const message = query.data?.items.find((item) => item.id === Number(msgId));
  const attachment = message?.attachments.find((item) => item.id === Number(filepath));
  useDocumentTitle(attachment?.name ?? t('file.title'));

  if (!valid || errorStatus(query.error) === 404) return <NotFoundPage />;
  if (query.data === undefined) return <QueryFallback results={[query]} page />;
  if (attachment === undefined) return <NotFoundPage />;
  return (
    <section className="page page-narrow file-page" data-testid="chat-file">
      <Link to={messengerPaths.chat(lang, Number(chatId))} className="back-link">
        <span className="pi pi-arrow-left" aria-hidden="true" /> {t('file.back')}
      </Link>
      <div className="card">
        <h1 className="file-name">{attachment.name}</h1>
        <p className="muted">{t('file.size', { size: formatFileSize(attachment.size, lang) })}</p>
        {attachment.is_image && <img className="file-preview" src={attachment.url} alt={attachment.name} />}
        <a className="p-button" href={attachment.url} download={attachment.name} data-testid="file-download">
          <span className="pi pi-download" aria-hidden="true" /> {t('file.download')}
        </a>
      </div>
    </section>
  );
}
