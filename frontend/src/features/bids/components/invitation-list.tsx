import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { PersonLink } from '@/components/person-link';
import { QueryFallback } from '@/components/query-state';
import { useListInvitationsQuery } from '@/features/bids/api/bids-api';
import { InvitationActions } from '@/features/bids/components/invitation-box';
import { InvitationDeadline } from '@/features/bids/components/invitation-deadline';
import { formatDateTime } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// One's own invitations on customer/{id}/orders (sent) and freelancer/{id}/orders (received, with the answer).
export function InvitationList({ side }: { side: 'customer' | 'performer' }) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const invitationsQuery = useListInvitationsQuery({ as: side });
  const { data } = invitationsQuery;
  if (data === undefined) {
    return invitationsQuery.error === undefined ? null : <QueryFallback results={[invitationsQuery]} />;
  }
  if (side === 'customer' && data.items.length === 0) return null;
  return (
    <section className="card" aria-labelledby="invitations-title" data-testid="invitations">
      <h2 id="invitations-title">{t(side === 'performer' ? 'my.invitations' : 'my.sent_invitations')}</h2>
      {data.items.length === 0 && <p className="muted">{t('my.invitations_empty')}</p>}
      <ul className="invitation-list">
        {data.items.map((invitation) => (
          <li key={invitation.id} data-testid="invitation">
            <div>
              <Link to={paths.order(lang, invitation.order_id)}>{invitation.order_name}</Link>
              <div className="muted">
                <PersonLink
                  user={side === 'performer' ? invitation.customer : invitation.performer}
                  as={side === 'performer' ? 'customer' : 'performer'}
                  size={24}
                />{' '}
                {formatDateTime(invitation.created_at, lang)}
              </div>
              <InvitationDeadline
                invitation={invitation}
                label={side === 'performer' ? 'expires' : 'answer_by'}
              />
            </div>
            {side === 'performer' ? (
              <InvitationActions invitation={invitation} />
            ) : (
              <span className="badge">{t(`invitation.status.${invitation.status}`)}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
