import '@/features/orders/orders.css';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import { useGetOrderQuery } from '@/features/orders/api/orders-api';
import { BidForm } from '@/features/orders/components/bid-form';
import { InvitationBox } from '@/features/orders/components/invitation-box';
import { MyBid } from '@/features/orders/components/my-bid';
import { OrderActions } from '@/features/orders/components/order-actions';
import { OrderAttachments } from '@/features/orders/components/order-attachments';
import { OrderFacts } from '@/features/orders/components/order-facts';
import { OrderReviews } from '@/features/orders/components/order-reviews';
import { OwnerBids } from '@/features/orders/components/owner-bids';
import { PersonLink } from '@/features/orders/components/person-link';
import { ProfilePrompt } from '@/features/orders/components/profile-prompt';
import { StateBadge } from '@/features/orders/components/state-badge';
import { useCatalog } from '@/features/orders/hooks/use-catalog';
import { formatDate } from '@/lib/format/format';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';

// order/{id}: what the caller sees depends on `viewer` — the owner the bids and actions, a performer the bid
// form or their own bid, an invited performer accept/decline, everybody else the bid count.
export interface OrderPageProps {
  // The signed-in user (null for a guest); given by the app, which owns the session.
  viewerId: number | null;
}

export default function OrderPage({ viewerId }: OrderPageProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const location = useLocation();
  const { id } = useParams();
  const valid = isDigitId(id);
  const catalog = useCatalog();
  const [prompt, setPrompt] = useState(false);
  const { data: order, error, isLoading } = useGetOrderQuery({ id: Number(id) }, { skip: !valid });
  useDocumentTitle(order?.name ?? t('list.title'));

  if (!valid || errorStatus(error) === 404) return <NotFoundPage />;
  if (isLoading || catalog === null) return <PageLoader />;
  if (order === undefined) {
    return (
      <section className="page">
        <p className="empty-state">{t('order.not_found')}</p>
      </section>
    );
  }
  const { viewer } = order;
  const category = catalog.category(order.category_id);
  const specialization =
    order.specialization_id === null ? undefined : catalog.specialization(order.specialization_id);
  const open = order.state === 'search';
  const pendingInvitation = order.invitation !== null && order.invitation.status === 'pending';

  return (
    <section className="page order-page">
      <ProfilePrompt visible={prompt} onHide={() => setPrompt(false)} />
      <Link
        to={category === undefined ? paths.orders(lang) : paths.orders(lang, category.code)}
        className="back-link"
      >
        <span className="pi pi-arrow-left" aria-hidden="true" /> {t('order.back')}
      </Link>
      <div className="order-layout">
        <div className="order-main">
          <article className="card">
            <div className="card-header-row">
              <h1 data-testid="order-title">{order.name}</h1>
              <StateBadge state={order.state} />
            </div>
            <p className="muted">
              {[category, specialization]
                .filter((item) => item !== undefined)
                .map((item) => catalog.name(item.names))
                .join(' · ')}
              {' · '}
              {t('order.posted', { date: formatDate(order.created_at, lang) })}
              {order.personal && (
                <>
                  {' · '}
                  <span className="badge badge-warn">{t('order.personal')}</span>
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
          {pendingInvitation && order.invitation !== null && <InvitationBox invitation={order.invitation} />}
          {viewer.is_customer && <OwnerBids order={order} catalog={catalog} />}
          {!viewer.is_customer && order.my_bid !== null && (
            <MyBid bid={order.my_bid} catalog={catalog} editable={open} />
          )}
          {viewer.can_bid && order.my_bid === null && (
            <section className="card" aria-labelledby="bid-form-title">
              <h2 id="bid-form-title">{t('bids.form_title')}</h2>
              <BidForm
                orderId={order.id}
                catalog={catalog}
                defaultCurrency={order.budget?.currency ?? 'RUB'}
                onFirstBid={() => setPrompt(true)}
              />
            </section>
          )}
          {viewerId === null && open && (
            <p className="card">
              <Link to={paths.login(lang)} state={{ from: location.pathname }}>
                {t('order.login_to_bid')}
              </Link>
            </p>
          )}
          <OrderReviews order={order} viewerId={viewerId} />
        </div>
        <aside className="order-aside">
          <div className="card">
            <h2>{t('order.customer')}</h2>
            <PersonLink user={order.customer} as="customer" size={48} />
            {order.performer !== null && (
              <>
                <h2 className="aside-second">{t('order.performer')}</h2>
                <PersonLink user={order.performer} as="performer" size={48} />
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
