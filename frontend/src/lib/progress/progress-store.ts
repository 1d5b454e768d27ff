// Tracked loads (route chunks, API calls, uploads) each report 0..100; the top bar shows their average and is
// visible only strictly between 0 and 100 (SPEC §2, §9).

export interface LoadHandle {
  progress(percent: number): void;
  finish(): void;
}

type Listener = () => void;

// A started load counts as partly done so that a lone request still moves the bar.
export const kStartedPercent = 20;

export function averageProgress(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function isProgressVisible(percent: number): boolean {
  return percent > 0 && percent < 100;
}

export class ProgressStore {
  private loads_ = new Map<number, number>();
  private next_id_ = 1;
  private listeners_ = new Set<Listener>();
  private snapshot_ = 0;

  start(): LoadHandle {
    const id = this.next_id_++;
    this.loads_.set(id, kStartedPercent);
    this.changed();
    return {
      progress: (percent: number) => {
        if (!this.loads_.has(id)) return;
        this.loads_.set(id, Math.min(99, Math.max(kStartedPercent, percent)));
        this.changed();
      },
      finish: () => {
        if (!this.loads_.has(id)) return;
        this.loads_.set(id, 100);
        // When everything tracked is done the round is over; the next load starts a new average.
        if ([...this.loads_.values()].every((value) => value === 100)) this.loads_.clear();
        this.changed();
      },
    };
  }

  async track<T>(promise: Promise<T>): Promise<T> {
    const handle = this.start();
    try {
      return await promise;
    } finally {
      handle.finish();
    }
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners_.add(listener);
    return () => this.listeners_.delete(listener);
  };

  getSnapshot = (): number => this.snapshot_;

  private changed(): void {
    this.snapshot_ = averageProgress([...this.loads_.values()]);
    for (const listener of this.listeners_) listener();
  }
}

export const progressStore = new ProgressStore();
