import {
  averageProgress,
  isProgressVisible,
  kStartedPercent,
  ProgressStore,
} from '@/lib/progress/progress-store';

describe('progress average and visibility', () => {
  it('averages the tracked loads', () => {
    expect(averageProgress([])).toBe(0);
    expect(averageProgress([20, 100])).toBe(60);
    expect(averageProgress([10, 50, 90])).toBe(50);
  });

  it('is visible only strictly between 0 and 100', () => {
    expect(isProgressVisible(0)).toBe(false);
    expect(isProgressVisible(0.5)).toBe(true);
    expect(isProgressVisible(99.9)).toBe(true);
    expect(isProgressVisible(100)).toBe(false);
  });

  it('tracks several loads and ends the round when all are done', () => {
    const store = new ProgressStore();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    const a = store.start();
    const b = store.start();
    expect(store.getSnapshot()).toBe(kStartedPercent);
    b.progress(60);
    expect(store.getSnapshot()).toBe((kStartedPercent + 60) / 2);
    a.finish();
    expect(store.getSnapshot()).toBe((100 + 60) / 2);
    expect(isProgressVisible(store.getSnapshot())).toBe(true);
    b.finish();
    expect(store.getSnapshot()).toBe(0);
    expect(isProgressVisible(store.getSnapshot())).toBe(false);
    // A finished load no longer moves the bar.
    b.progress(50);
    expect(store.getSnapshot()).toBe(0);
    expect(seen.length).toBe(5);
  });

  it('tracks a promise until it settles, failed or not', async () => {
    const store = new ProgressStore();
    let reject: (reason: Error) => void = () => {};
    const tracked = store.track(new Promise<never>((_resolve, fail) => (reject = fail)));
    expect(isProgressVisible(store.getSnapshot())).toBe(true);
    reject(new Error('chunk failed'));
    await expect(tracked).rejects.toThrow('chunk failed');
    expect(store.getSnapshot()).toBe(0);
  });
});
