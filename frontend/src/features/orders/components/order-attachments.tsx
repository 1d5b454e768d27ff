import { useTranslation } from 'react-i18next';

import type { Attachment } from '@/lib/api/schema.generated';
import { formatFileSize } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

export interface OrderAttachmentsProps {
  attachments: Attachment[];
}

export function AttachmentThumb({ attachment }: { attachment: Attachment }) {
  const lang = useLanguage();
  return (
    <a
      className="attachment"
      href={attachment.url}
      target="_blank"
      rel="noreferrer"
      download={attachment.name}
    >
      {attachment.thumbnail_url !== null ? (
        <img src={attachment.thumbnail_url} alt="" width={96} height={96} />
      ) : (
        <span className="attachment-icon pi pi-file" aria-hidden="true" />
      )}
      <span className="attachment-name">{attachment.name}</span>
      <span className="muted">{formatFileSize(attachment.size, lang)}</span>
    </a>
  );
}

export function OrderAttachments({ attachments }: OrderAttachmentsProps) {
  const { t } = useTranslation('orders');
  if (attachments.length === 0) return null;
  return (
    <div className="order-attachments">
      <h2>{t('order.attachments')}</h2>
      <ul className="attachment-list">
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <AttachmentThumb attachment={attachment} />
          </li>
        ))}
      </ul>
    </div>
  );
}
