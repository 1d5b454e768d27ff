import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  acceptCookies,
  hasCookieConsent,
  kCookieNoticeDelayMs,
} from '@/features/marketing/model/cookie-consent';

export interface CookieNoticeProps {
  signedIn: boolean;
}

// SPEC §4: shown 3 s after load, only if not accepted and the user is not logged in.
export function CookieNotice({ signedIn }: CookieNoticeProps) {
  const { t } = useTranslation('shell');
  const [due, setDue] = useState(false);
  const [accepted, setAccepted] = useState(hasCookieConsent);

  useEffect(() => {
    if (accepted) return undefined;
    const timer = setTimeout(() => setDue(true), kCookieNoticeDelayMs);
    return () => clearTimeout(timer);
  }, [accepted]);

  if (!due || accepted || signedIn) return null;
  return (
    <div className="cookie-notice" role="region" aria-label={t('cookies.accept')}>
      <span className="pi pi-info-circle" aria-hidden="true" />
      <p>{t('cookies.text')}</p>
      <Button
        type="button"
        label={t('cookies.accept')}
        size="small"
        onClick={() => {
          acceptCookies();
          setAccepted(true);
        }}
      />
    </div>
  );
}
