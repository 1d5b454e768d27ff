import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';

import { useResendVerificationQuietlyMutation } from '@/features/identity/api/identity-api';
import { selectSession } from '@/features/identity/model/session-slice';
import { errorBody, errorStatus } from '@/lib/api/api-error';
import { readSession, writeSession } from '@/lib/storage/session-storage';

const dismissKey = (userId: number) => `artel.verify-reminder-dismissed.${userId}`;

// A signed-in user whose e-mail is not verified is reminded on every page, with the link sent again on request
// (the server limits how often: its 429 message shows here). "Dismiss" hides it until the tab closes. An admin
// acting as the user is not asked to verify their address.
export function VerifyEmailReminder() {
  const { t } = useTranslation('shell');
  const { status, user } = useSelector(selectSession);
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  const [resend, { isLoading, isSuccess, error }] = useResendVerificationQuietlyMutation();

  if (status !== 'Authenticated' || user === null || user.emailVerified || user.impersonated) return null;
  if (dismissedFor === user.id || readSession(dismissKey(user.id)) === '1') return null;

  const failure =
    error === undefined
      ? null
      : errorStatus(error) === 429
        ? (errorBody(error)?.message ?? t('verify_reminder.rate_limited'))
        : (errorBody(error)?.message ?? t('verify_reminder.failed'));

  return (
    <div
      className="verify-reminder"
      role="region"
      aria-label={t('verify_reminder.label')}
      data-testid="verify-reminder"
    >
      <div className="verify-reminder-inner">
        <span className="pi pi-envelope" aria-hidden="true" />
        <div className="verify-reminder-body">
          <p>{t('verify_reminder.text', { email: user.email })}</p>
          {isSuccess && (
            <p role="status" className="verify-reminder-note">
              {t('verify_reminder.sent')}
            </p>
          )}
          {failure !== null && (
            <p role="alert" className="verify-reminder-note verify-reminder-error">
              {failure}
            </p>
          )}
        </div>
        {!isSuccess && (
          <Button
            type="button"
            size="small"
            outlined
            label={t('verify_reminder.resend')}
            loading={isLoading}
            onClick={() => void resend()}
          />
        )}
        <button
          type="button"
          className="verify-reminder-close"
          aria-label={t('verify_reminder.dismiss')}
          onClick={() => {
            writeSession(dismissKey(user.id), '1');
            setDismissedFor(user.id);
          }}
        >
          <span className="pi pi-times" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
