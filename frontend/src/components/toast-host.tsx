import { Toast, type ToastMessage as PrimeToastMessage } from 'primereact/toast';
import { useEffect, useRef, useSyncExternalStore } from 'react';

import { toastStore, type ToastMessage, type ToastSeverity, type ToastStore } from '@/lib/toast/toast-store';

export interface ToastHostProps {
  store?: ToastStore;
}

const kIcons: Record<ToastSeverity, string> = {
  success: 'pi pi-check',
  info: 'pi pi-info-circle',
  warn: 'pi pi-exclamation-triangle',
  error: 'pi pi-times-circle',
};

// The body of one toast, read live from the store: a merged toast shows its count without being shown again.
function ToastBody({ store, id, initial }: { store: ToastStore; id: number; initial: ToastMessage }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const toast = toasts.find((item) => item.id === id) ?? initial;
  return (
    <>
      <span className={`p-toast-message-icon ${kIcons[toast.severity]}`} aria-hidden="true" />
      <div className="p-toast-message-text">
        <span className="p-toast-summary">
          {toast.summary}
          {toast.count > 1 && (
            <span className="toast-count" data-testid="toast-count">
              {` ×${toast.count}`}
            </span>
          )}
        </span>
        {toast.detail !== undefined && <div className="p-toast-detail">{toast.detail}</div>}
      </div>
    </>
  );
}

function toPrime(store: ToastStore, toast: ToastMessage): PrimeToastMessage {
  // The store owns the life time (and the limit of three); PrimeReact only draws.
  return {
    id: String(toast.id),
    severity: toast.severity,
    summary: toast.summary,
    detail: toast.detail,
    sticky: true,
    content: <ToastBody store={store} id={toast.id} initial={toast} />,
  };
}

const kGap = 12;

// Below the sticky header (whatever its height: a phone's, the impersonation banner), so a toast never covers
// the header's controls: the header's bottom goes into --toast-top, which app.css gives the toast container.
function useToastPlacement(): void {
  useEffect(() => {
    const header = document.getElementById('page-header');
    if (header === null) return undefined;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty('--toast-top', `${Math.max(0, header.getBoundingClientRect().bottom) + kGap}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(header);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
}

export function ToastHost({ store = toastStore }: ToastHostProps) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const ref = useRef<Toast>(null);
  const shown = useRef(new Map<number, PrimeToastMessage>());
  useToastPlacement();

  useEffect(() => {
    const toast = ref.current;
    if (toast === null) return;
    const current = new Set(toasts.map((item) => item.id));
    for (const [id, message] of shown.current) {
      if (!current.has(id)) {
        shown.current.delete(id);
        toast.remove(message);
      }
    }
    for (const item of toasts) {
      if (shown.current.has(item.id)) continue;
      const message = toPrime(store, item);
      shown.current.set(item.id, message);
      toast.show(message);
    }
  }, [toasts, store]);

  return (
    <Toast
      ref={ref}
      position="top-right"
      onRemove={(message) => {
        if (message.id !== undefined) store.dismiss(Number(message.id));
      }}
    />
  );
}
