import type { UtmData } from '@/features/marketing/api/marketing-api';

export const kUtmFields = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

// The utm_* fields of a URL, or null when it has none.
export function utmFromUrl(url: URL): UtmData | null {
  const data: UtmData = { visited_url: url.href.slice(0, 2048) };
  let found = false;
  for (const field of kUtmFields) {
    const value = url.searchParams.get(field);
    if (value !== null && value !== '') {
      data[field] = value.slice(0, 255);
      found = true;
    }
  }
  return found ? data : null;
}
