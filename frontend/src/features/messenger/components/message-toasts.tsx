import '@/styles/messenger.css';

import { useTranslation } from 'react-i18next';

import type { MessageToast } from '@/features/messenger/model/message-toasts';

export interface MessageToastsProps {
  toasts: readonly MessageToast[];
  onOpen: (toast: MessageToast) => void;
  onClose: (toast: MessageToast) => void;
}

// The new-message toasts and the unread alert, in the corner: a click opens the chat (or the messenger).
export function MessageToasts({ toasts, onOpen, onClose }: MessageToastsProps) {
  const { t } = useTranslation('messenger');
  return (
    <section className="message-toasts" aria-label={t('toast.label')} aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.key}
          className={`message-toast message-toast-${toast.kind}`}
          data-testid={`message-toast-${toast.kind}`}
        >
          <button type="button" className="message-toast-body" onClick={() => onOpen(toast)}>
            <span
              className={toast.kind === 'alert' ? 'pi pi-envelope' : 'pi pi-comment'}
              aria-hidden="true"
            />
            <span className="message-toast-text">
              <strong>
                {toast.kind === 'alert' ? t('toast.alert', { count: toast.count }) : toast.sender}
              </strong>
              <span>{toast.kind === 'alert' ? t('toast.alert_open') : toast.text}</span>
            </span>
          </button>
          <button
            type="button"
            className="icon-button message-toast-close"
            aria-label={t('toast.close')}
            onClick={() => onClose(toast)}
          >
            <span className="pi pi-times" aria-hidden="true" />
          </button>
        </div>
      ))}
    </section>
  );
}
