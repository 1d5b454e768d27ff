import { Toast, type ToastMessage as PrimeToastMessage } from 'primereact/toast';
import { useEffect, useRef, useSyncExternalStore } from 'react';

import { toastStore, type ToastMessage, type ToastStore } from '@/lib/toast/toast-store';

export interface ToastHostProps {
  store?: ToastStore;
}

function toPrime(toast: ToastMessage): PrimeToastMessage {
  // The store owns the life time (and the limit of three); PrimeReact only draws.
  return {
    id: String(toast.id),
    severity: toast.severity,
    summary: toast.summary,
    detail: toast.detail,
    sticky: true,
  };
}

export function ToastHost({ store = toastStore }: ToastHostProps) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const ref = useRef<Toast>(null);
  const shown = useRef(new Map<number, PrimeToastMessage>());

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
      const message = toPrime(item);
      shown.current.set(item.id, message);
      toast.show(message);
    }
  }, [toasts]);

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
