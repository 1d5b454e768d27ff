import { Fragment, useState, type ReactNode } from 'react';

export interface KeysetPage {
  /** undefined for the first page; otherwise the previous page's next_cursor. */
  cursor: string | undefined;
  /** The newest page shown: the one that offers "show more". */
  last: boolean;
  /** Appends the page after this one. */
  onMore: (cursor: string) => void;
}

// A keyset list shown page by page: each page is its own query (cached by its cursor), and "show more" on the
// last one appends the next. The caller draws a page; a remount (a new `key`) starts again from the first.
export function KeysetPages({ children }: { children: (page: KeysetPage) => ReactNode }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const onMore = (next: string) => setCursors((list) => [...list, next]);
  return (
    <>
      {cursors.map((cursor, index) => (
        <Fragment key={cursor ?? 'first'}>
          {children({ cursor, last: index === cursors.length - 1, onMore })}
        </Fragment>
      ))}
    </>
  );
}
