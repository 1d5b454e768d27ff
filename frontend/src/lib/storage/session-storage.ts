import { logger } from '@/lib/logger';

// The tab's session storage (cleared when the tab closes); unavailable storage reads as empty.
export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch (error) {
    logger.warn('session storage is not readable', { key, error: String(error) });
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch (error) {
    logger.warn('session storage is not writable', { key, error: String(error) });
  }
}
