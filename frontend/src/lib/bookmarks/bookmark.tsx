import { createContext, createElement, Suspense, useContext, type ComponentType } from 'react';

import { useViewer } from '@/lib/session/viewer';

// What can be bookmarked (the favourites' kinds, issue 25).
export type BookmarkKind = 'order' | 'freelancer' | 'vacancy' | 'resume' | 'company';

export interface BookmarkProps {
  kind: BookmarkKind;
  id: number;
}

// The favourites' toggle as the app provides it (features do not import each other): the order, freelancer,
// vacancy, resume and company pages render <Bookmark>, the app shell fills it with the favourites feature's part.
export const BookmarkContext = createContext<ComponentType<BookmarkProps> | null>(null);

// The star on an item's page: for signed-in users only, nothing while it loads.
export function Bookmark(props: BookmarkProps) {
  const Toggle = useContext(BookmarkContext);
  const viewer = useViewer();
  if (Toggle === null || viewer.status !== 'Authenticated') return null;
  return (
    <Suspense fallback={null}>
      {/* The app's one component for the whole session (the context never changes), not made per render. */}
      {createElement(Toggle, props)}
    </Suspense>
  );
}
