import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

import { logger } from '@/lib/logger';

// Coming back to a list (browser Back, or a link that carries kBackToList as its state) shows the pages that
// were loaded ("show more" by next_cursor) and the scroll position it had. Kept per list address in session
// storage (per tab): a fresh visit by a menu link starts at the top.
export const kBackToList = { backToList: true } as const;

const kPrefix = 'artel.list:';
// How long a restored list may take to load before the scroll gives up waiting for it.
const kRestoreWaitMs = 10_000;

export interface ListSnapshot {
  cursors: (string | null)[];
  scrollY: number;
}

function isBackToList(state: unknown): boolean {
  return (state as { backToList?: unknown } | null)?.backToList === true;
}

// Whether a list has been shown since the page loaded: the first one shown may be the page load itself.
let listShownSinceLoad = false;

// Back, Forward or a reload; not a typed address or an opened link. Within the app that is a POP; the page load
// is a POP too, whichever way it came, so there the browser's navigation entry tells.
function isHistoryMove(navigationType: string): boolean {
  if (navigationType !== 'POP') return false;
  if (listShownSinceLoad) return true;
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

function readSnapshot(key: string): ListSnapshot | null {
  try {
    const text = window.sessionStorage.getItem(key);
    if (text === null) return null;
    const value = JSON.parse(text) as Partial<ListSnapshot>;
    if (!Array.isArray(value.cursors) || typeof value.scrollY !== 'number') return null;
    return { cursors: value.cursors, scrollY: value.scrollY };
  } catch {
    return null;
  }
}

function writeSnapshot(key: string, snapshot: ListSnapshot): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(snapshot));
  } catch (error) {
    logger.warn('session storage is not writable', { key, error: String(error) });
  }
}

export interface ListMemory {
  cursors: (string | undefined)[];
  addCursor: (cursor: string) => void;
}

// The keyset cursors of a list shown page by page, remembered with the scroll position when `remember` is on.
export function useListMemory(remember: boolean): ListMemory {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = `${kPrefix}${location.pathname}${location.search}`;
  const [restored] = useState(() =>
    remember && (isHistoryMove(navigationType) || isBackToList(location.state)) ? readSnapshot(key) : null,
  );
  const [cursors, setCursors] = useState<(string | undefined)[]>(() =>
    restored === null ? [undefined] : restored.cursors.map((cursor) => cursor ?? undefined),
  );
  // Until the restored position is reached, scrolling (the shell's jump to the top) does not overwrite it.
  const restoring = useRef(restored !== null && restored.scrollY > 0);

  useEffect(() => {
    listShownSinceLoad = true;
  }, []);

  useLayoutEffect(() => {
    if (!remember) return undefined;
    const save = () => {
      if (restoring.current) return;
      writeSnapshot(key, {
        cursors: cursors.map((cursor) => cursor ?? null),
        scrollY: Math.round(window.scrollY),
      });
    };
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    save();
    // A layout cleanup runs before the next page's layout effects scroll to the top: the position is still ours.
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      save();
    };
  }, [remember, key, cursors]);

  useEffect(() => {
    if (restored === null || restored.scrollY <= 0) return undefined;
    const target = restored.scrollY;
    const deadline = performance.now() + kRestoreWaitMs;
    let frame = 0;
    const step = () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      const loading = document.querySelector('.page-loader') !== null;
      if ((!loading && room >= target) || performance.now() > deadline) {
        window.scrollTo({ top: Math.min(target, Math.max(room, 0)), left: 0 });
        restoring.current = false;
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      restoring.current = false;
    };
  }, [restored]);

  return { cursors, addCursor: (cursor) => setCursors((list) => [...list, cursor]) };
}
