import { getCookie } from '@/lib/cookies';

const kUnsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isUnsafeMethod(method: string | undefined): boolean {
  return kUnsafeMethods.has((method ?? 'GET').toUpperCase());
}

// Headers every /api call carries (SPEC §7, CONTRACT.md): the XMLHttpRequest marker, the interface language and,
// on unsafe methods, the XSRF cookie echoed back.
export function apiHeaders(method: string | undefined, language: string): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': language,
  };
  if (isUnsafeMethod(method)) {
    const token = getCookie('XSRF-TOKEN');
    if (token !== null) headers['X-XSRF-TOKEN'] = token;
  }
  return headers;
}
