import { useTranslation } from 'react-i18next';

import { useNow } from '@/hooks/use-now';
import type { Invitation } from '@/lib/api/schema.generated';
import { formatDateTime, formatTimeLeft } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

// When a pending invitation's 24 hours end, with a live countdown; when an expired one ran out.
export function InvitationDeadline({
  invitation,
  label,
}: {
  invitation: Invitation;
  // The sentence around the date: the performer's "Answer by …", the customer's "Awaiting an answer until …".
  label: 'expires' | 'answer_by';
}) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const now = useNow();
  const date = formatDateTime(invitation.expires_at, lang);
  const past = new Date(invitation.expires_at).getTime() <= now;
  if (invitation.status === 'expired' || (invitation.status === 'pending' && past)) {
    return <span className="muted">{t('invitation.expired_at', { date })}</span>;
  }
  if (invitation.status !== 'pending') return null;
  return (
    <span className="invitation-deadline" data-testid="invitation-deadline">
      {t(`invitation.${label}`, { date })}{' '}
      <strong className="countdown" data-testid="invitation-countdown">
        {t('invitation.time_left', { time: formatTimeLeft(invitation.expires_at, lang, now) })}
      </strong>
    </span>
  );
}
