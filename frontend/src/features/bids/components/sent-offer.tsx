import { useTranslation } from 'react-i18next';

import { PersonLink } from '@/components/person-link';
import { QueryFallback } from '@/components/query-state';
import { useListInvitationsQuery } from '@/features/bids/api/bids-api';
import { InvitationDeadline } from '@/features/bids/components/invitation-deadline';

// The customer's order page: to whom this order was offered (a job offer or an invitation from a profile),
// whether the answer is still pending, and when the 24 hours end. GET /api/invitations?as=customer lists the
// customer's newest 100 invitations; this order's are picked from them.
export function SentOffer({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const query = useListInvitationsQuery({ as: 'customer' });
  if (query.data === undefined) {
    return query.error === undefined ? null : <QueryFallback results={[query]} />;
  }
  const mine = query.data.items.filter((invitation) => invitation.order_id === orderId);
  if (mine.length === 0) return null;
  return (
    <section className="card" aria-labelledby="sent-offer-title" data-testid="sent-offer">
      <h2 id="sent-offer-title">{t('invitation.sent_title')}</h2>
      <ul className="invitation-list">
        {mine.map((invitation) => (
          <li key={invitation.id} data-testid="sent-invitation">
            <div>
              <span className="muted">{t('invitation.sent_to')}</span>{' '}
              <PersonLink user={invitation.performer} as="performer" size={24} />
              <div>
                <InvitationDeadline invitation={invitation} label="answer_by" />
              </div>
            </div>
            <span className={invitation.status === 'pending' ? 'badge badge-warn' : 'badge'}>
              {t(`invitation.status.${invitation.status}`)}
            </span>
          </li>
        ))}
      </ul>
      {mine.some((invitation) => invitation.status === 'pending') && (
        <p className="muted field-hint">{t('invitation.opens_note')}</p>
      )}
    </section>
  );
}
