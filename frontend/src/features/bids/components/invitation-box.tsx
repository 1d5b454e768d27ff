import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

import { useAcceptInvitationMutation, useDeclineInvitationMutation } from '@/features/bids/api/bids-api';
import type { Invitation } from '@/lib/api/schema.generated';
import { InvitationDeadline } from '@/features/bids/components/invitation-deadline';
import { fullName } from '@/lib/format/format';
import { showToast } from '@/lib/toast/toast-store';

export interface InvitationBoxProps {
  invitation: Invitation;
  compact?: boolean;
}

// The invited performer's answer to a personal offer.
export function InvitationActions({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('orders');
  const [accept, accepting] = useAcceptInvitationMutation();
  const [decline, declining] = useDeclineInvitationMutation();
  if (invitation.status !== 'pending') {
    return <span className="badge">{t(`invitation.status.${invitation.status}`)}</span>;
  }
  return (
    <div className="card-actions">
      <Button
        type="button"
        icon="pi pi-check"
        label={t('invitation.accept')}
        loading={accepting.isLoading}
        onClick={() =>
          void accept({ id: invitation.id }).then((result) => {
            if (result.data !== undefined)
              showToast({ severity: 'success', summary: t('invitation.accepted') });
          })
        }
      />
      <Button
        type="button"
        outlined
        severity="secondary"
        label={t('invitation.decline')}
        loading={declining.isLoading}
        onClick={() =>
          void decline({ id: invitation.id }).then((result) => {
            if (result.data !== undefined) showToast({ severity: 'info', summary: t('invitation.declined') });
          })
        }
      />
    </div>
  );
}

export function InvitationBox({ invitation }: InvitationBoxProps) {
  const { t } = useTranslation('orders');
  return (
    <section className="card invitation-box" data-testid="invitation-box">
      <h2>{t('invitation.title')}</h2>
      <p>{t('invitation.text', { name: fullName(invitation.customer) })}</p>
      {invitation.status === 'pending' && (
        <p className="muted">
          <InvitationDeadline invitation={invitation} label="expires" />
        </p>
      )}
      <InvitationActions invitation={invitation} />
    </section>
  );
}
