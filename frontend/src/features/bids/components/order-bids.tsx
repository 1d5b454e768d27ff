import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

import { BidForm } from '@/features/bids/components/bid-form';
import { InvitationBox } from '@/features/bids/components/invitation-box';
import { MyBid } from '@/features/bids/components/my-bid';
import { OwnerBids } from '@/features/bids/components/owner-bids';
import { ProfilePrompt } from '@/features/bids/components/profile-prompt';
import { SentOffer } from '@/features/bids/components/sent-offer';
import type { OrderDetail } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export interface OrderBidsProps {
  order: OrderDetail;
  catalog: CatalogIndex;
  viewerId: number | null;
  // "Write a message" to a bidder (the messenger's, through the order page).
  Contact?: ComponentType<{ userId: number; orderId: number }>;
}

// order/{id} below the order, by `viewer`: an invited performer accept/decline, the owner the bids, a performer
// their own bid or the bid form, a guest the way to log in and bid. The orders page shows it in its bids slot.
export function OrderBids({ order, catalog, viewerId, Contact }: OrderBidsProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const location = useLocation();
  const [prompt, setPrompt] = useState(false);
  const { viewer } = order;
  const open = order.state === 'search';
  // A new bid, and a bid without a price made final, start in the order's currency.
  const orderCurrency = order.budget?.currency ?? 'RUB';
  return (
    <>
      {viewerId !== null && (
        <ProfilePrompt
          visible={prompt}
          onHide={() => setPrompt(false)}
          profilePath={paths.freelancerPage(lang, viewerId, 'about')}
        />
      )}
      {order.invitation !== null && order.invitation.status === 'pending' && (
        <InvitationBox invitation={order.invitation} />
      )}
      {viewer.is_customer && <SentOffer orderId={order.id} />}
      {viewer.is_customer && <OwnerBids order={order} catalog={catalog} Contact={Contact} />}
      {!viewer.is_customer && order.my_bid !== null && (
        <MyBid bid={order.my_bid} catalog={catalog} editable={open} orderCurrency={orderCurrency} />
      )}
      {viewer.can_bid && order.my_bid === null && (
        <section className="card" aria-labelledby="bid-form-title">
          <h2 id="bid-form-title">{t('bids.form_title')}</h2>
          <BidForm
            orderId={order.id}
            catalog={catalog}
            defaultCurrency={orderCurrency}
            onFirstBid={() => setPrompt(true)}
            portfolioRequired={order.portfolio_required}
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
    </>
  );
}
