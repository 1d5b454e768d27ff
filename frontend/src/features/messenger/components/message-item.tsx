import { confirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { cautionText } from '@/features/messenger/model/caution';
import type { DeliveryMark } from '@/features/messenger/model/cache';
import type { ChatAttachment, Message } from '@/features/messenger/model/types';
import { messengerPaths } from '@/features/messenger/paths';
import { formatDateTime, formatFileSize } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

function Attachments({ message }: { message: Message }) {
  const lang = useLanguage();
  if (message.attachments.length === 0) return null;
  const link = (attachment: ChatAttachment) =>
    messengerPaths.file(lang, message.chat_id, message.id, attachment.id);
  return (
    <ul className="message-attachments">
      {message.attachments.map((attachment) => (
        <li key={attachment.id}>
          <Link to={link(attachment)} className="message-attachment" data-testid="message-attachment">
            {attachment.is_image && attachment.thumbnail_url !== null ? (
              <img src={attachment.thumbnail_url} alt={attachment.name} className="message-thumb" />
            ) : (
              <span className="pi pi-file" aria-hidden="true" />
            )}
            <span className="message-attachment-name">{attachment.name}</span>
            <span className="muted">{formatFileSize(attachment.size, lang)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const kMarkIcons: Record<DeliveryMark, string> = {
  sending: 'pi pi-clock',
  failed: 'pi pi-exclamation-circle',
  sent: 'pi pi-check',
  read: 'pi pi-check read-mark',
};

export function Mark({ mark }: { mark: DeliveryMark }) {
  const { t } = useTranslation('messenger');
  return (
    <span
      className={`message-mark message-mark-${mark}`}
      data-testid="message-mark"
      data-mark={mark}
      title={t(`chat.marks.${mark}`)}
    >
      <span className={kMarkIcons[mark]} aria-hidden="true" />
      {mark === 'read' && <span className="pi pi-check read-mark-second" aria-hidden="true" />}
      <span className="visually-hidden">{t(`chat.marks.${mark}`)}</span>
    </span>
  );
}

export interface MessageItemProps {
  message: Message;
  own: boolean;
  mark: DeliveryMark | null;
  editable: boolean;
  onEdit: (text: string) => Promise<boolean>;
  onDelete: () => void;
  onRetry?: () => void;
}

// One message: own on the right with its mark (sending, not sent with a retry, sent, read), edit while unread
// and delete; a received one with the anti-fraud caution when the server found contacts or payment talk in it.
export function MessageItem({ message, own, mark, editable, onEdit, onDelete, onRetry }: MessageItemProps) {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  const [editing, setEditing] = useState<string | null>(null);
  const caution = own || message.deleted ? null : cautionText(message.caution, t, lang);

  const save = async () => {
    if (editing === null || editing.trim() === '') return;
    if (await onEdit(editing.trim())) setEditing(null);
  };

  return (
    <li
      className={`message ${own ? 'message-own' : 'message-peer'}${message.deleted ? ' message-deleted' : ''}`}
      data-testid="message"
      data-message-id={message.id}
    >
      <div className="message-bubble">
        {message.deleted ? (
          <p className="message-text message-tombstone">{t('chat.deleted')}</p>
        ) : editing !== null ? (
          <div className="message-editor">
            <textarea
              value={editing}
              aria-label={t('chat.edit')}
              onChange={(event) => setEditing(event.target.value)}
              rows={3}
              data-testid="message-edit-text"
            />
            <div className="message-editor-actions">
              <button type="button" className="p-button p-button-sm" onClick={() => void save()}>
                {t('chat.save')}
              </button>
              <button
                type="button"
                className="p-button p-button-sm p-button-text"
                onClick={() => setEditing(null)}
              >
                {t('chat.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <>
            {message.text !== null && message.text !== '' && <p className="message-text">{message.text}</p>}
            <Attachments message={message} />
          </>
        )}
        <div className="message-meta">
          {message.edited_at !== null && !message.deleted && (
            <span className="muted">{t('chat.edited')}</span>
          )}
          <time
            className="muted"
            dateTime={message.created_at}
            title={formatDateTime(message.created_at, lang)}
          >
            {new Date(message.created_at).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' })}
          </time>
          {mark !== null && <Mark mark={mark} />}
        </div>
      </div>
      {own && !message.deleted && editing === null && (
        <div className="message-actions">
          {mark === 'failed' && onRetry !== undefined && (
            <button
              type="button"
              className="p-button p-button-sm p-button-text"
              onClick={onRetry}
              data-testid="message-retry"
            >
              {t('chat.retry')}
            </button>
          )}
          {editable && (
            <button
              type="button"
              className="icon-button"
              aria-label={t('chat.edit')}
              title={t('chat.edit')}
              onClick={() => setEditing(message.text ?? '')}
              data-testid="message-edit"
            >
              <span className="pi pi-pencil" aria-hidden="true" />
            </button>
          )}
          {message.id > 0 && (
            <button
              type="button"
              className="icon-button"
              aria-label={t('chat.delete')}
              title={t('chat.delete')}
              data-testid="message-delete"
              onClick={() =>
                confirmDialog({
                  message: t('chat.delete_confirm'),
                  acceptLabel: t('chat.delete'),
                  rejectLabel: t('chat.cancel'),
                  acceptClassName: 'p-button-danger',
                  accept: onDelete,
                })
              }
            >
              <span className="pi pi-trash" aria-hidden="true" />
            </button>
          )}
        </div>
      )}
      {caution !== null && (
        <p className="message-caution" role="note" data-testid="message-caution">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {caution}
        </p>
      )}
    </li>
  );
}
