import { Fragment, type ReactNode } from 'react';

import { useListMemory } from '@/hooks/use-list-memory';

export interface KeysetPage {
  /** undefined for the first page; otherwise the previous page's next_cursor. */
  cursor: string | undefined;
  /** The newest page shown: the one that offers "show more". */
  last: boolean;
  /** Appends the page after this one. */
  onMore: (cursor: string) => void;
}

export interface KeysetPagesProps {
  children: (page: KeysetPage) => ReactNode;
  // Back to this list (browser Back, or a link with kBackToList) brings back its pages and scroll position.
  remember?: boolean;
}

// A keyset list shown page by page: each page is its own query (cached by its cursor), and "show more" on the
// last one appends the next. The caller draws a page; a remount (a new `key`) starts again from the first.
export function KeysetPages({ children, remember = false }: KeysetPagesProps) {
  const { cursors, addCursor } = useListMemory(remember);
  return (
    <>
      {cursors.map((cursor, index) => (
        <Fragment key={cursor ?? 'first'}>
          {children({ cursor, last: index === cursors.length - 1, onMore: addCursor })}
        </Fragment>
      ))}
    </>
  );
}
