import { logger } from '@/lib/logger';

// Local storage may be unavailable (private mode, disabled storage); the SPA then behaves as on a first visit.
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    logger.warn('local storage is not readable', { key, error: String(error) });
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    logger.warn('local storage is not writable', { key, error: String(error) });
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    logger.warn('local storage is not writable', { key, error: String(error) });
  }
}
