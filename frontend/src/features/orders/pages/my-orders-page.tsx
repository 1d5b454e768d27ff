import '@/features/orders/orders.css';

import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import {
  useListInvitationsQuery,
  useListMyOrdersQuery,
  type OrderState,
} from '@/features/orders/api/orders-api';
import { InvitationActions } from '@/features/orders/components/invitation-box';
import { NotificationsPanel } from '@/features/orders/components/notifications-panel';
import { OrderCard } from '@/features/orders/components/order-card';
import { PersonLink } from '@/features/orders/components/person-link';
import { useCatalog } from '@/features/orders/hooks/use-catalog';
import type { CatalogIndex } from '@/features/orders/model/catalog-index';
import { formatDateTime } from '@/lib/format/format';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';
import { KeysetPages } from '@/features/orders/components/keyset-pages';
import { ShowMoreButton } from '@/features/orders/components/show-more-button';
import { StateFilter, useStateParam } from '@/features/orders/components/state-filter';

type Side = 'customer' | 'performer';
const kStates: readonly OrderState[] = ['search', 'in_progress', 'completed', 'expired', 'closed'];

function MyOrderPage({
  side,
  state,
  cursor,
  last,
  catalog,
  onMore,
}: {
  side: Side;
  state: OrderState | undefined;
  cursor: string | undefined;
  last: boolean;
  catalog: CatalogIndex;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const { data, isFetching } = useListMyOrdersQuery({ as: side, state, cursor, limit: 20 });
  if (data === undefined) return isFetching ? <PageLoader /> : null;
  if (data.items.length === 0 && cursor === undefined) {
    return (
      <div className="empty-state">
        <p>{t(side === 'customer' ? 'my.empty_customer' : 'my.empty_performer')}</p>
        <Link
          className="p-button p-button-outlined"
          to={side === 'customer' ? paths.createOrder(lang) : paths.orders(lang)}
        >
          {t(side === 'customer' ? 'list.create' : 'my.find_orders')}
        </Link>
      </div>
    );
  }
  return (
    <>
      {data.items.map((order) => (
        <OrderCard key={order.id} order={order} catalog={catalog} showState />
      ))}
      {last && <ShowMoreButton nextCursor={data.next_cursor} loading={isFetching} onMore={onMore} />}
    </>
  );
}

function MyOrderList({
  side,
  state,
  catalog,
}: {
  side: Side;
  state: OrderState | undefined;
  catalog: CatalogIndex;
}) {
  return (
    <div className="order-results" data-testid="my-orders">
      <KeysetPages>
        {(page) => <MyOrderPage side={side} state={state} catalog={catalog} {...page} />}
      </KeysetPages>
    </div>
  );
}

function Invitations({ side }: { side: Side }) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const { data } = useListInvitationsQuery({ as: side });
  if (data === undefined || (side === 'customer' && data.items.length === 0)) return null;
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

export interface MyOrdersPageProps {
  side: Side;
  viewerId: number;
}

// customer/{id}/orders and freelancer/{id}/orders for oneself (UserOrdersPage is everybody else's view): the
// customer's posted orders, or the performer's bids, invitations and work; notifications beside them.
export default function MyOrdersPage({ side, viewerId }: MyOrdersPageProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const { id } = useParams();
  const catalog = useCatalog();
  const state = useStateParam(kStates);
  useDocumentTitle(t(side === 'customer' ? 'my.customer_title' : 'my.performer_title'));
  // The route shows this page only to the user whose page it is (UserOrdersPage to everybody else).
  if (!isDigitId(id) || Number(id) !== viewerId) return <NotFoundPage />;
  if (catalog === null) return <PageLoader />;

  return (
    <section className="page my-orders-page">
      <h1>{t(side === 'customer' ? 'my.customer_title' : 'my.performer_title')}</h1>
      <nav className="tabs" aria-label={t('my.customer_title')}>
        <NavLink to={paths.customerPage(lang, viewerId, 'orders')}>{t('my.tab_customer')}</NavLink>
        <NavLink to={paths.freelancerPage(lang, viewerId, 'orders')}>{t('my.tab_performer')}</NavLink>
      </nav>
      <div className="order-layout">
        <div className="order-main">
          <p className="lead">{t(side === 'customer' ? 'my.customer_lead' : 'my.performer_lead')}</p>
          <StateFilter states={kStates} />
          {side === 'performer' && <Invitations side="performer" />}
          <MyOrderList key={`${side}-${state ?? 'all'}`} side={side} state={state} catalog={catalog} />
          {side === 'customer' && <Invitations side="customer" />}
        </div>
        <aside className="order-aside">
          <NotificationsPanel />
        </aside>
      </div>
    </section>
  );
}
