import '@/styles/marketplace.css';

import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { kBackToList } from '@/hooks/use-list-memory';
import { useGetOrderQuery } from '@/features/orders/api/orders-api';
import { OrderActions } from '@/features/orders/components/order-actions';
import { OrderAttachments } from '@/features/orders/components/order-attachments';
import { OrderFacts } from '@/features/orders/components/order-facts';
import { PersonLink } from '@/components/person-link';
import { StateBadge } from '@/features/orders/components/state-badge';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { formatDateTime, formatRelative } from '@/lib/format/format';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import type { CustomerStats, OrderDetail } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';
import { Bookmark } from '@/lib/bookmarks/bookmark';

// What another feature draws under the order (the app fills the slots: bids, then reviews).
export interface OrderPartProps {
  order: OrderDetail;
  catalog: CatalogIndex;
  viewerId: number | null;
  // "Write a message" to a participant, about this order (the messenger's; customer ↔ bidder or performer).
  Contact?: ComponentType<ContactProps>;
}

export interface ContactProps {
  userId: number;
  orderId: number;
}

// order/{id}: the order with the owner's actions, the customer and performer, and the bid count; what else the
// caller sees depends on `viewer` and comes from the slots (bids, invitations, the bid form; reviews).
export interface OrderPageProps {
  // The signed-in user (null for a guest).
  viewerId: number | null;
  // An admin sees a safe deal's panel too (to resolve disputes; the server checks).
  viewerIsAdmin?: boolean;
  Bids: ComponentType<OrderPartProps>;
  Reviews: ComponentType<OrderPartProps>;
  Contact?: ComponentType<ContactProps>;
  // The customer's reputation on the customer card (profiles).
  CustomerReputation?: ComponentType<{ stats: CustomerStats }>;
  // The safe deal's panel (wallet), for the customer and the performer of a safe-deal order in progress.
  Deal?: ComponentType<{ orderId: number }>;
}

export default function OrderPage({
  viewerId,
  viewerIsAdmin = false,
  Bids,
  Reviews,
  Contact,
  CustomerReputation,
  Deal,
}: OrderPageProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const { id } = useParams();
  const valid = isDigitId(id);
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data ?? null;
  const orderQuery = useGetOrderQuery({ id: Number(id) }, { skip: !valid });
  const { data: order, error } = orderQuery;
  useDocumentTitle(order?.name ?? t('list.title'));

  if (!valid || errorStatus(error) === 404) return <NotFoundPage />;
  if (order === undefined || catalog === null) {
    return <QueryFallback results={[orderQuery, catalogQuery]} page />;
  }
  const { viewer } = order;
  const category = catalog.category(order.category_id);
  const specialization =
    order.specialization_id === null ? undefined : catalog.specialization(order.specialization_id);

  return (
    <section className="page order-page">
      <Link to={paths.orders(lang)} state={kBackToList} className="back-link" data-testid="all-orders">
        <span className="pi pi-arrow-left" aria-hidden="true" /> {t('order.back')}
      </Link>
      <div className="order-layout">
        <div className="order-main">
          <article className="card">
            <div className="card-header-row">
              <h1 data-testid="order-title">{order.name}</h1>
              <StateBadge state={order.state} />
              <Bookmark kind="order" id={order.id} />
            </div>
            <p className="muted">
              {[category, specialization]
                .filter((item) => item !== undefined)
                .map((item) => catalog.name(item.names))
                .join(' · ')}
              {' · '}
              <time dateTime={order.created_at} title={formatDateTime(order.created_at, lang)}>
                {t('order.posted', { date: formatRelative(order.created_at, lang) })}
              </time>
              {order.personal && (
                <>
                  {' · '}
                  <span className="badge badge-warn">{t('order.personal')}</span>
                </>
              )}
              {order.portfolio_required && (
                <>
                  {' · '}
                  <span className="badge" data-testid="portfolio-required">
                    {t('order.portfolio_required')}
                  </span>
                </>
              )}
            </p>
            <OrderFacts order={order} catalog={catalog} />
            <div className="order-description">{order.description}</div>
            {order.skill_ids.length > 0 && (
              <>
                <h2>{t('order.skills')}</h2>
                <ul className="chips">
                  {order.skill_ids.map((skillId) => {
                    const skill = catalog.skill(skillId);
                    return skill === undefined ? null : <li key={skillId}>{catalog.name(skill.names)}</li>;
                  })}
                </ul>
              </>
            )}
            <OrderAttachments attachments={order.attachments} />
            {viewer.is_customer && <OrderActions order={order} />}
          </article>
          {Deal !== undefined &&
            order.payment_option === 'safe_deal' &&
            order.performer !== null &&
            (viewer.is_customer || viewer.is_performer || viewerIsAdmin) && (
              <Suspense fallback={null}>
                <Deal orderId={order.id} />
              </Suspense>
            )}
          <Suspense fallback={null}>
            <Bids order={order} catalog={catalog} viewerId={viewerId} Contact={Contact} />
            <Reviews order={order} catalog={catalog} viewerId={viewerId} />
          </Suspense>
        </div>
        <aside className="order-aside">
          <div className="card">
            <h2>{t('order.customer')}</h2>
            <PersonLink user={order.customer} as="customer" size={48} />
            {CustomerReputation !== undefined && order.customer_stats !== undefined && (
              <Suspense fallback={null}>
                <CustomerReputation stats={order.customer_stats} />
              </Suspense>
            )}
            {Contact !== undefined && (viewer.is_performer || order.my_bid !== null) && (
              <Suspense fallback={null}>
                <Contact userId={order.customer.id} orderId={order.id} />
              </Suspense>
            )}
            {order.performer !== null && (
              <>
                <h2 className="aside-second">{t('order.performer')}</h2>
                <PersonLink user={order.performer} as="performer" size={48} />
                {Contact !== undefined && viewer.is_customer && (
                  <Suspense fallback={null}>
                    <Contact userId={order.performer.id} orderId={order.id} />
                  </Suspense>
                )}
              </>
            )}
            {!viewer.is_customer && (
              <p className="muted aside-second" data-testid="bid-count">
                {t('order.bid_count', { count: order.bid_count })}
              </p>
            )}
          </div>
        </aside>
      </div>
    </section>
  );
}
