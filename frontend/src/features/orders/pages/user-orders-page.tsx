import '@/features/orders/orders.css';

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import {
  useGetPublicUserQuery,
  useListUserOrdersQuery,
  type OrderState,
} from '@/features/orders/api/orders-api';
import { OrderCard } from '@/features/orders/components/order-card';
import { KeysetPages } from '@/features/orders/components/keyset-pages';
import { ShowMoreButton } from '@/features/orders/components/show-more-button';
import { StateFilter, useStateParam } from '@/features/orders/components/state-filter';
import { UserProfile } from '@/features/orders/components/user-profile';
import { useCatalog } from '@/features/orders/hooks/use-catalog';
import type { CatalogIndex } from '@/features/orders/model/catalog-index';
import { fullName } from '@/lib/format/format';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { isDigitId } from '@/lib/routing/digit-id';

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
  const { data, isFetching } = useListUserOrdersQuery({
    id: list.userId,
    as: list.side,
    state: list.state,
    cursor,
    limit: 20,
  });
  if (data === undefined) return isFetching ? <PageLoader /> : null;
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
      <KeysetPages>{(page) => <UserOrderPage {...props} {...page} />}</KeysetPages>
    </div>
  );
}

export interface UserOrdersPageProps {
  side: Side;
  viewerId: number | null;
}

// customer/{id}/orders and freelancer/{id}/orders as everybody else sees them: the customer's public orders,
// or the public orders the freelancer took. The user's own pages are MyOrdersPage.
export default function UserOrdersPage({ side, viewerId }: UserOrdersPageProps) {
  const { t } = useTranslation('orders');
  const { id } = useParams();
  const valid = isDigitId(id);
  const userId = Number(id);
  const catalog = useCatalog();
  const state = useStateParam(kStates[side]);
  const { data: user, error, isLoading } = useGetPublicUserQuery({ id: userId }, { skip: !valid });
  const title = t(side === 'customer' ? 'profile.orders_title' : 'profile.work_title');
  useDocumentTitle(user === undefined ? title : `${fullName(user)} — ${title}`);

  if (!valid || errorStatus(error) === 404) return <NotFoundPage />;
  if (isLoading || user === undefined || catalog === null) return <PageLoader />;
  return (
    <UserProfile user={user} side={side} viewerId={viewerId}>
      <section className="card" aria-labelledby="user-orders-title">
        <h2 id="user-orders-title">{title}</h2>
        <StateFilter states={kStates[side]} />
        <UserOrderList
          key={`${side}-${state ?? 'all'}`}
          userId={user.id}
          side={side}
          state={state}
          catalog={catalog}
        />
      </section>
    </UserProfile>
  );
}
