import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

import { useStoreUtmDataMutation } from '@/features/marketing/api/marketing-api';
import { kUtmFields, utmFromUrl } from '@/features/marketing/model/utm';
import { kOneMonthSeconds, setCookie } from '@/lib/cookies';

// SPEC §7/§9: a URL with utm_* parameters is reported once (POST /api/utm-data) and kept in marketing cookies
// for one month, together with the referrer and the date of the visit.
export function UtmCapture() {
  const location = useLocation();
  const [postUtm] = useStoreUtmDataMutation();
  const reported = useRef(new Set<string>());

  useEffect(() => {
    const url = new URL(window.location.href);
    const data = utmFromUrl(url);
    if (data === null || reported.current.has(url.search)) return;
    reported.current.add(url.search);
    for (const field of kUtmFields) {
      const value = data[field];
      if (value !== undefined) setCookie(field, value, { maxAgeSeconds: kOneMonthSeconds });
    }
    if (document.referrer !== '')
      setCookie('utm_referrer', document.referrer, { maxAgeSeconds: kOneMonthSeconds });
    setCookie('utm_date', new Date().toISOString(), { maxAgeSeconds: kOneMonthSeconds });
    void postUtm({ utmData: data });
  }, [location.search, postUtm]);

  return null;
}
