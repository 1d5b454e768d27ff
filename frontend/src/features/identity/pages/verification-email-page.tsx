import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';

import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { useVerifyEmailMutation } from '@/features/identity/api/identity-api';
import { selectSession } from '@/features/identity/model/session-slice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { firstFieldError } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { identityPaths } from '@/features/identity/paths';
import { paths } from '@/lib/routing/paths';
import { showToast } from '@/lib/toast/toast-store';

type Outcome =
  | { kind: 'verified' }
  | { kind: 'already-verified' }
  | { kind: 'email-updated' }
  | { kind: 'failed'; reason?: string };

// Opened from the mail link (first verification and e-mail change confirmation both land here).
export default function VerificationEmailPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('verify.title'));
  const lang = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, user } = useSelector(selectSession);
  const [verify] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (token === '' || status === 'pending' || started.current) return;
    started.current = true;
    const previousEmail = user?.email;
    void verify({ body: { token } }).then((result) => {
      if ('error' in result) {
        setOutcome({ kind: 'failed', reason: firstFieldError(result.error, 'token') });
        showToast({ severity: 'error', summary: t('verify.failed') });
        return;
      }
      // A link opened twice (another device, a mail preview): the address is verified, say so kindly.
      if (result.data.already_verified) {
        setOutcome({ kind: 'already-verified' });
        return;
      }
      const changed = previousEmail !== undefined && previousEmail !== result.data.email;
      setOutcome({ kind: changed ? 'email-updated' : 'verified' });
      showToast({ severity: 'success', summary: changed ? t('profile.email_updated') : t('verify.success') });
    });
  }, [token, status, user, verify, t]);

  const signedIn = status === 'Authenticated' && user !== null;
  let body;
  if (token === '') {
    body = <FormAlert severity="error">{t('verify.no_token')}</FormAlert>;
  } else if (outcome === null) {
    body = (
      <>
        <p className="lead">{t('verify.checking')}</p>
        <PageLoader />
      </>
    );
  } else if (outcome.kind === 'failed') {
    body = (
      <FormAlert severity="error">
        <strong>{t('verify.failed')}</strong>
        {outcome.reason !== undefined && <p>{outcome.reason}</p>}
      </FormAlert>
    );
  } else {
    body = (
      <FormAlert severity="success">
        {outcome.kind === 'verified'
          ? t('verify.success')
          : outcome.kind === 'already-verified'
            ? t('verify.already')
            : t('profile.email_updated')}
      </FormAlert>
    );
  }

  return (
    <section className="page page-narrow auth-page">
      <div className="card">
        <h1>{t('verify.title')}</h1>
        {body}
        {outcome !== null || token === '' ? (
          <div className="card-actions">
            {signedIn ? (
              <Link className="p-button" to={identityPaths.settingsPage(lang, user.id, 'personal-data')}>
                {t('verify.to_settings')}
              </Link>
            ) : (
              <Link className="p-button" to={paths.login(lang)}>
                {t('verify.to_login')}
              </Link>
            )}
            <Link className="p-button p-button-outlined" to={paths.main(lang)}>
              {t('verify.to_main')}
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}
