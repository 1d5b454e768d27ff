import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

import { useStoreUtmDataMutation } from '@/features/marketing/api/marketing-api';
import { kUtmFields, utmFromUrl } from '@/features/marketing/model/utm';
import { kOneMonthSeconds, setCookie } from '@/lib/cookies';

// SPEC §7/§9: a URL with utm_* parameters is reported once (POST /api/utm-data) and kept in marketing cookies
// for one month, together with the referrer and the date of the visit; entering a landing page (lp/…) without
// utm_* records utm_source=landing, utm_campaign=<code>. `entryUrl`: the address the visit began on, reported at
// mount when it differs from the current one (the component loads after the first paint).
export function UtmCapture({ entryUrl }: { entryUrl?: string }) {
  const location = useLocation();
  const [postUtm] = useStoreUtmDataMutation();
  const reported = useRef(new Set<string>());
  const entry = useRef(entryUrl);

  useEffect(() => {
    const capture = (url: URL) => {
      const data = utmFromUrl(url);
      // A landing page's own attribution (no utm_* in its URL) is reported once per page.
      const key = url.search === '' ? url.pathname : url.search;
      if (data === null || reported.current.has(key)) return;
      reported.current.add(key);
      for (const field of kUtmFields) {
        const value = data[field];
        if (value !== undefined) setCookie(field, value, { maxAgeSeconds: kOneMonthSeconds });
      }
      if (document.referrer !== '')
        setCookie('utm_referrer', document.referrer, { maxAgeSeconds: kOneMonthSeconds });
      setCookie('utm_date', new Date().toISOString(), { maxAgeSeconds: kOneMonthSeconds });
      void postUtm({ utmData: data });
    };
    const urls = [entry.current, window.location.href].filter((href) => href !== undefined);
    entry.current = undefined;
    for (const href of new Set(urls)) capture(new URL(href));
    // The body reads window.location, not `location`: the pathname and search are listed only so that the
    // effect runs again after each navigation (a landing page reached inside the SPA is reported too).
  }, [location.pathname, location.search, postUtm]);

  return null;
}
