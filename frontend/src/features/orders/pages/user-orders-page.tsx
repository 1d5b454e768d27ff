import '@/styles/marketplace.css';

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import type { UserFrameProps } from '@/components/user-profile';
import { useListUserOrdersQuery } from '@/features/orders/api/orders-api';
import type { OrderState } from '@/lib/api/schema.generated';
import { OrderCard } from '@/features/orders/components/order-card';
import { QueryFallback } from '@/components/query-state';
import { KeysetPages } from '@/components/keyset-pages';
import { ShowMoreButton } from '@/components/show-more-button';
import { StateFilter, useStateParam } from '@/features/orders/components/state-filter';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';

type Side = 'customer' | 'performer';
// A customer's public orders can be in any state; a freelancer's work is only ever taken or done.
const kStates: Record<Side, readonly OrderState[]> = {
  customer: ['search', 'in_progress', 'completed', 'expired', 'closed'],
  performer: ['in_progress', 'completed'],
};

interface ListProps {
  userId: number;
  side: Side;
  state: OrderState | undefined;
  catalog: CatalogIndex;
}

function UserOrderPage({
  cursor,
  last,
  onMore,
  ...list
}: ListProps & { cursor: string | undefined; last: boolean; onMore: (cursor: string) => void }) {
  const { t } = useTranslation('orders');
  const result = useListUserOrdersQuery({
    id: list.userId,
    as: list.side,
    state: list.state,
    cursor,
    limit: 20,
  });
  const { data, isFetching } = result;
  if (data === undefined) return <QueryFallback results={[result]} />;
  if (data.items.length === 0 && cursor === undefined) {
    return (
      <p className="muted" data-testid="user-orders-empty">
        {t(list.side === 'customer' ? 'profile.orders_empty' : 'profile.work_empty')}
      </p>
    );
  }
  return (
    <>
      {data.items.map((order) => (
        <OrderCard key={order.id} order={order} catalog={list.catalog} showState />
      ))}
      {last && <ShowMoreButton nextCursor={data.next_cursor} loading={isFetching} onMore={onMore} />}
    </>
  );
}

function UserOrderList(props: ListProps) {
  return (
    <div className="order-results" data-testid="user-orders">
      <KeysetPages remember>{(page) => <UserOrderPage {...props} {...page} />}</KeysetPages>
    </div>
  );
}

export interface UserOrdersPageProps {
  side: Side;
  viewerId: number | null;
  Frame: ComponentType<UserFrameProps>;
}

function UserOrders({ userId, side }: { userId: number; side: Side }) {
  const { t } = useTranslation('orders');
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data ?? null;
  const state = useStateParam(kStates[side]);
  if (catalog === null) return <QueryFallback results={[catalogQuery]} />;
  return (
    <section className="card" aria-labelledby="user-orders-title">
      <h2 id="user-orders-title">{t(side === 'customer' ? 'profile.orders_title' : 'profile.work_title')}</h2>
      <StateFilter states={kStates[side]} />
      <UserOrderList
        key={`${side}-${state ?? 'all'}`}
        userId={userId}
        side={side}
        state={state}
        catalog={catalog}
      />
    </section>
  );
}

// customer/{id}/orders and freelancer/{id}/orders as everybody else sees them: the customer's public orders,
// or the public orders the freelancer took, in the public profile's frame. The user's own pages are MyOrdersPage.
export default function UserOrdersPage({ side, viewerId, Frame }: UserOrdersPageProps) {
  const { t } = useTranslation('orders');
  return (
    <Frame
      side={side}
      viewerId={viewerId}
      title={t(side === 'customer' ? 'profile.orders_title' : 'profile.work_title')}
    >
      {(user) => <UserOrders userId={user.id} side={side} />}
    </Frame>
  );
}
