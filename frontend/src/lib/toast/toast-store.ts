// Toasts of the whole SPA: at most three at once (the oldest leaves first), each for 5000 ms unless told
// otherwise (SPEC §9). A toast identical to one still shown (same severity and texts) is merged into it: its
// count goes up and its life starts again, so five failing requests make one toast, not a stack of five.
// The PrimeReact <Toast> in the shell only renders this list.

export type ToastSeverity = 'success' | 'info' | 'warn' | 'error';

export interface ToastInput {
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  life?: number;
}

export interface ToastMessage extends ToastInput {
  id: number;
  life: number;
  // How many identical toasts this one stands for (1 when shown once).
  count: number;
}

export const kToastLife = 5000;
export const kMaxToasts = 3;

type Listener = () => void;

export class ToastStore {
  private toasts_: readonly ToastMessage[] = [];
  private timers_ = new Map<number, ReturnType<typeof setTimeout>>();
  private next_id_ = 1;
  private listeners_ = new Set<Listener>();

  show(input: ToastInput): number {
    const same = this.toasts_.find(
      (toast) =>
        toast.severity === input.severity && toast.summary === input.summary && toast.detail === input.detail,
    );
    if (same !== undefined) {
      const merged: ToastMessage = { ...same, count: same.count + 1, life: input.life ?? same.life };
      this.toasts_ = this.toasts_.map((toast) => (toast.id === same.id ? merged : toast));
      this.clearTimer(same.id);
      this.timers_.set(
        same.id,
        setTimeout(() => this.dismiss(same.id), merged.life),
      );
      this.emit();
      return same.id;
    }
    const toast: ToastMessage = { ...input, id: this.next_id_++, life: input.life ?? kToastLife, count: 1 };
    let toasts = [...this.toasts_, toast];
    while (toasts.length > kMaxToasts) {
      const oldest = toasts[0];
      if (oldest !== undefined) this.clearTimer(oldest.id);
      toasts = toasts.slice(1);
    }
    this.toasts_ = toasts;
    this.timers_.set(
      toast.id,
      setTimeout(() => this.dismiss(toast.id), toast.life),
    );
    this.emit();
    return toast.id;
  }

  dismiss(id: number): void {
    if (!this.toasts_.some((toast) => toast.id === id)) return;
    this.clearTimer(id);
    this.toasts_ = this.toasts_.filter((toast) => toast.id !== id);
    this.emit();
  }

  clear(): void {
    for (const id of this.timers_.keys()) this.clearTimer(id);
    this.toasts_ = [];
    this.emit();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners_.add(listener);
    return () => this.listeners_.delete(listener);
  };

  getSnapshot = (): readonly ToastMessage[] => this.toasts_;

  private clearTimer(id: number): void {
    const timer = this.timers_.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers_.delete(id);
  }

  private emit(): void {
    for (const listener of this.listeners_) listener();
  }
}

export const toastStore = new ToastStore();

export function showToast(input: ToastInput): number {
  return toastStore.show(input);
}
