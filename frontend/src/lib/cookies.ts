export function getCookie(name: string, source: string = document.cookie): string | null {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export interface CookieOptions {
  maxAgeSeconds: number;
}

export function setCookie(name: string, value: string, options: CookieOptions): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${name}=${encodeURIComponent(value)}; Max-Age=${options.maxAgeSeconds}; Path=/; SameSite=Lax` + secure;
}

export const kOneMonthSeconds = 30 * 24 * 60 * 60;
