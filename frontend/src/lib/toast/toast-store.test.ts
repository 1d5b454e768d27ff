import { kMaxToasts, kToastLife, ToastStore } from '@/lib/toast/toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps at most three toasts, dropping the oldest', () => {
    const store = new ToastStore();
    for (const summary of ['one', 'two', 'three', 'four']) store.show({ severity: 'info', summary });
    expect(kMaxToasts).toBe(3);
    expect(store.getSnapshot().map((toast) => toast.summary)).toEqual(['two', 'three', 'four']);
  });

  it('removes a toast after its default life of 5000 ms', () => {
    const store = new ToastStore();
    store.show({ severity: 'success', summary: 'Password changed' });
    expect(kToastLife).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('honours a custom life and a manual dismissal', () => {
    const store = new ToastStore();
    const first = store.show({ severity: 'info', summary: 'short', life: 1000 });
    store.show({ severity: 'info', summary: 'default' });
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot().map((toast) => toast.summary)).toEqual(['default']);
    store.dismiss(first);
    const second = store.getSnapshot()[0];
    expect(second).toBeDefined();
    if (second !== undefined) store.dismiss(second.id);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('does not let a dropped toast timer remove a newer one', () => {
    const store = new ToastStore();
    for (let i = 0; i < 4; i += 1) store.show({ severity: 'info', summary: `t${i}` });
    vi.advanceTimersByTime(kToastLife - 1);
    store.show({ severity: 'info', summary: 'late' });
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((toast) => toast.summary)).toEqual(['late']);
  });

  it('merges an identical toast into the one shown: one toast, a count, a fresh life', () => {
    const store = new ToastStore();
    store.show({ severity: 'error', summary: 'Service unavailable' });
    store.show({ severity: 'info', summary: 'Service unavailable' });
    vi.advanceTimersByTime(4000);
    for (let i = 0; i < 4; i += 1) store.show({ severity: 'error', summary: 'Service unavailable' });
    const [merged, other] = store.getSnapshot();
    expect(store.getSnapshot()).toHaveLength(2);
    expect(merged).toMatchObject({ summary: 'Service unavailable', severity: 'error', count: 5 });
    expect(other).toMatchObject({ severity: 'info', count: 1 });
    // The fifth copy came at 4000 ms: the merged toast lives 5000 ms from then, not from the first.
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot().map((toast) => toast.severity)).toEqual(['error']);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });
});
