import { Button } from 'primereact/button';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { Attachment } from '@/lib/api/schema.generated';
import { AttachmentThumb } from '@/features/orders/components/order-attachments';
import { kMaxAttachments } from '@/features/orders/model/order-draft';
import { uploadRaw } from '@/lib/api/upload';

export interface AttachmentsFieldProps {
  value: Attachment[];
  onChange: (next: Attachment[]) => void;
  error?: string;
}

// Each chosen file goes to POST /api/orders/attachments?name=… as the raw body; the server decides the type by
// content and answers 'The file name cannot be empty' / 'Unsupported file format', shown under the field.
export function AttachmentsField({ value, onChange, error }: AttachmentsFieldProps) {
  const { t } = useTranslation('orders');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const errors: string[] = [];
    let next = value;
    for (const file of files) {
      if (next.length >= kMaxAttachments) break;
      setUploading(file.name);
      const result = await uploadRaw<Attachment>(
        `/api/orders/attachments?name=${encodeURIComponent(file.name)}`,
        file,
        file.type === '' ? 'application/octet-stream' : file.type,
        () => undefined,
        'POST',
      );
      if (result.ok) next = [...next, result.data];
      else errors.push(`${file.name}: ${result.error.errors?.name?.[0] ?? result.error.message}`);
    }
    setUploading(null);
    setUploadErrors(errors);
    onChange(next);
  };

  const messages = [...uploadErrors, ...(error === undefined ? [] : [error])];
  return (
    <div className="field">
      <span className="field-label">{t('form.attachments')}</span>
      {value.length > 0 && (
        <ul className="attachment-list">
          {value.map((attachment) => (
            <li key={attachment.id}>
              <AttachmentThumb attachment={attachment} />
              <Button
                type="button"
                icon="pi pi-times"
                rounded
                text
                severity="danger"
                aria-label={t('form.remove_file', { name: attachment.name })}
                onClick={() => onChange(value.filter((item) => item.id !== attachment.id))}
              />
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        className="visually-hidden"
        data-testid="attachments-input"
        onChange={(event) => void onFiles(event)}
      />
      <div>
        <Button
          type="button"
          outlined
          icon="pi pi-paperclip"
          label={t('form.attach')}
          loading={uploading !== null}
          disabled={value.length >= kMaxAttachments}
          onClick={() => input.current?.click()}
        />
      </div>
      <div className="field-hint">
        {uploading !== null ? t('form.uploading', { name: uploading }) : t('form.attach_hint')}
      </div>
      {messages.map((message) => (
        <small key={message} className="field-error" role="alert">
          {message}
        </small>
      ))}
    </div>
  );
}
