import { lazy, type ComponentType } from 'react';

import { progressStore } from '@/lib/progress/progress-store';

// A route-level code-split page whose chunk load is tracked by the top progress bar.
export function lazyRoute<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() => progressStore.track(load()));
}

// A code-split part of a page (a named export), for the slots the app fills with another feature's parts: give
// it the page's webpackChunkName and it arrives with the page.
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() => progressStore.track(load().then((component) => ({ default: component }))));
}
