import '@/styles/marketplace.css';

import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { useListMyOrdersQuery } from '@/features/orders/api/orders-api';
import type { OrderState } from '@/lib/api/schema.generated';
import { OrderCard } from '@/features/orders/components/order-card';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';
import { QueryFallback } from '@/components/query-state';
import { KeysetPages } from '@/components/keyset-pages';
import { ShowMoreButton } from '@/components/show-more-button';
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
  const result = useListMyOrdersQuery({ as: side, state, cursor, limit: 20 });
  const { data, isFetching } = result;
  if (data === undefined) return <QueryFallback results={[result]} />;
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
      <KeysetPages remember>
        {(page) => <MyOrderPage side={side} state={state} catalog={catalog} {...page} />}
      </KeysetPages>
    </div>
  );
}

export interface MyOrdersPageProps {
  side: Side;
  viewerId: number;
  // Slots the app fills from other features: one's invitations (bids) and notifications.
  Invitations: ComponentType<{ side: Side }>;
  Notifications: ComponentType;
}

// customer/{id}/orders and freelancer/{id}/orders for oneself (UserOrdersPage is everybody else's view): the
// customer's posted orders, or the performer's bids, invitations and work; notifications beside them.
export default function MyOrdersPage({ side, viewerId, Invitations, Notifications }: MyOrdersPageProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const { id } = useParams();
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data ?? null;
  const state = useStateParam(kStates);
  useDocumentTitle(t(side === 'customer' ? 'my.customer_title' : 'my.performer_title'));
  // The route shows this page only to the user whose page it is (UserOrdersPage to everybody else).
  if (!isDigitId(id) || Number(id) !== viewerId) return <NotFoundPage />;
  if (catalog === null) return <QueryFallback results={[catalogQuery]} page />;

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
          {side === 'performer' && (
            <Suspense fallback={null}>
              <Invitations side="performer" />
            </Suspense>
          )}
          <MyOrderList key={`${side}-${state ?? 'all'}`} side={side} state={state} catalog={catalog} />
          {side === 'customer' && (
            <Suspense fallback={null}>
              <Invitations side="customer" />
            </Suspense>
          )}
        </div>
        <aside className="order-aside">
          <Suspense fallback={null}>
            <Notifications />
          </Suspense>
        </aside>
      </div>
    </section>
  );
}
