import { lazy, type ComponentType } from 'react';

import { progressStore } from '@/lib/progress/progress-store';

// A route-level code-split page whose chunk load is tracked by the top progress bar.
export function lazyRoute<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() => progressStore.track(load()));
}
