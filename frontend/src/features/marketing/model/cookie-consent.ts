import { readLocal, writeLocal } from '@/lib/storage/local-storage';

export const kCookieConsentKey = 'artel.cookies-accepted';
export const kCookieNoticeDelayMs = 3000;

export function hasCookieConsent(): boolean {
  return readLocal(kCookieConsentKey) === '1';
}

export function acceptCookies(): void {
  writeLocal(kCookieConsentKey, '1');
}
