import '@/features/orders/orders.css';

import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import {
  useGetPublicUserQuery,
  useListUserOrdersQuery,
  type OrderState,
} from '@/features/orders/api/orders-api';
import { OrderCard } from '@/features/orders/components/order-card';
import { ShowMoreButton } from '@/features/orders/components/show-more-button';
import { UserProfile } from '@/features/orders/components/user-profile';
import { useCatalog } from '@/features/orders/hooks/use-catalog';
import type { CatalogIndex } from '@/features/orders/model/catalog-index';
import { fullName } from '@/features/orders/model/format';
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
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <div className="order-results" data-testid="user-orders">
      {cursors.map((cursor, index) => (
        <UserOrderPage
          key={cursor ?? 'first'}
          {...props}
          cursor={cursor}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors((list) => [...list, next])}
        />
      ))}
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
  const [search, setSearch] = useSearchParams();
  const valid = isDigitId(id);
  const userId = Number(id);
  const catalog = useCatalog();
  const { data: user, error, isLoading } = useGetPublicUserQuery({ id: userId }, { skip: !valid });
  const title = t(side === 'customer' ? 'profile.orders_title' : 'profile.work_title');
  useDocumentTitle(user === undefined ? title : `${fullName(user)} — ${title}`);

  if (!valid || errorStatus(error) === 404) return <NotFoundPage />;
  if (isLoading || user === undefined || catalog === null) return <PageLoader />;
  const stateParam = search.get('state');
  const state = kStates[side].find((item) => item === stateParam);
  const stateOptions = [
    { value: 'all', label: t('my.state_all') },
    ...kStates[side].map((value) => ({ value, label: t(`state.${value}`) })),
  ];
  return (
    <UserProfile user={user} side={side} viewerId={viewerId}>
      <section className="card" aria-labelledby="user-orders-title">
        <h2 id="user-orders-title">{title}</h2>
        <SelectButton
          className="state-filter"
          value={state ?? 'all'}
          options={stateOptions}
          allowEmpty={false}
          onChange={(event) => setSearch(event.value === 'all' ? {} : { state: String(event.value) })}
        />
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
