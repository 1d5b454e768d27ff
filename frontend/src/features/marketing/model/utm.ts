import type { UtmData } from '@/features/marketing/api/marketing-api';

export const kUtmFields = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

// /{lang}/lp/create-order/{code} and /{lang}/lp/find-job/{code}: the landing page's code.
const kLandingPath = /^\/[a-z]{2}\/lp\/(?:create-order|find-job)\/([a-z0-9-]{2,64})\/?$/;

// The utm_* fields of a URL, or null when it has none. A landing page's URL without utm_* of its own is
// attributed to the landing page (utm_source=landing, utm_campaign=<code>), so a sign-up from it is counted.
export function utmFromUrl(url: URL): UtmData | null {
  const direct = utmFields(url);
  if (direct !== null) return direct;
  const landing = kLandingPath.exec(url.pathname);
  if (landing === null) return null;
  return {
    visited_url: url.href.slice(0, 2048),
    utm_source: 'landing',
    utm_campaign: landing[1] ?? '',
  };
}

function utmFields(url: URL): UtmData | null {
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
