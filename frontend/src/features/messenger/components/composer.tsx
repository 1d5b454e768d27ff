import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { canSend, composerKeyAction, kMaxMessageLength } from '@/features/messenger/model/composer-keys';
import type { UploadedAttachment } from '@/features/messenger/model/types';
import { uploadRaw } from '@/lib/api/upload';
import { showToast } from '@/lib/toast/toast-store';

export interface ComposerSend {
  text: string;
  attachments: UploadedAttachment[];
}

export interface ComposerProps {
  onSend: (message: ComposerSend) => void;
  // Typing (throttled by the caller): for the other side's "typing…".
  onTyping?: () => void;
  disabled?: boolean;
}

interface Upload {
  key: string;
  name: string;
  percent: number;
}

let uploadKeys = 0;

// The message box: Enter sends, Shift+Enter a new line; files upload at once (POST /api/chats/attachments,
// with progress) and go with the next message.
export function Composer({ onSend, onTyping, disabled = false }: ComposerProps) {
  const { t } = useTranslation('messenger');
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<UploadedAttachment[]>([]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLTextAreaElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const ready = !disabled && canSend(text, attachments.length, uploads.length > 0);
  const length = text.trim().length;

  const send = () => {
    if (!ready) return;
    onSend({ text: text.trim(), attachments });
    setText('');
    setAttachments([]);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction({
      key: event.key,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (action !== 'send') return;
    event.preventDefault();
    send();
  };

  const upload = async (file: File) => {
    const key = `u${++uploadKeys}`;
    setUploads((current) => [...current, { key, name: file.name, percent: 0 }]);
    const result = await uploadRaw<UploadedAttachment>(
      `/api/chats/attachments?name=${encodeURIComponent(file.name)}`,
      file,
      file.type === '' ? 'application/octet-stream' : file.type,
      (percent) =>
        setUploads((current) =>
          current.map((item) => (item.key === key ? { ...item, percent: Math.round(percent) } : item)),
        ),
      'POST',
    );
    setUploads((current) => current.filter((item) => item.key !== key));
    if (result.ok) setAttachments((current) => [...current, result.data]);
    else showToast({ severity: 'error', summary: file.name, detail: result.error.message });
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    for (const file of Array.from(event.target.files ?? [])) void upload(file);
    event.target.value = '';
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {(attachments.length > 0 || uploads.length > 0) && (
        <ul className="composer-files">
          {attachments.map((attachment) => (
            <li key={attachment.id} className="composer-file" data-testid="composer-file">
              <span className="pi pi-paperclip" aria-hidden="true" />
              <span className="composer-file-name">{attachment.name}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('composer.remove', { name: attachment.name })}
                onClick={() =>
                  setAttachments((current) => current.filter((item) => item.id !== attachment.id))
                }
              >
                <span className="pi pi-times" aria-hidden="true" />
              </button>
            </li>
          ))}
          {uploads.map((item) => (
            <li key={item.key} className="composer-file composer-upload" data-testid="composer-upload">
              <progress max={100} value={item.percent} aria-label={item.name} />
              <span className="composer-file-name">
                {t('composer.uploading', { name: item.name, percent: item.percent })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="composer-row">
        <button
          type="button"
          className="icon-button composer-attach"
          aria-label={t('composer.attach')}
          title={t('composer.attach')}
          onClick={() => files.current?.click()}
          disabled={disabled}
        >
          <span className="pi pi-paperclip" aria-hidden="true" />
        </button>
        <input ref={files} type="file" multiple hidden onChange={onFiles} data-testid="composer-input-file" />
        <textarea
          ref={input}
          className="composer-text"
          value={text}
          rows={1}
          placeholder={t('composer.placeholder')}
          aria-label={t('composer.label')}
          title={t('composer.hint')}
          onChange={(event) => {
            setText(event.target.value);
            onTyping?.();
          }}
          onKeyDown={onKeyDown}
          data-testid="composer-text"
        />
        <button
          type="submit"
          className="p-button composer-send"
          aria-label={t('composer.send')}
          disabled={!ready}
          data-testid="composer-send"
        >
          <span className="pi pi-send" aria-hidden="true" />
        </button>
      </div>
      {length > kMaxMessageLength && (
        <p className="field-error composer-error" role="alert">
          {t('composer.too_long', { max: kMaxMessageLength, count: length })}
        </p>
      )}
    </form>
  );
}
