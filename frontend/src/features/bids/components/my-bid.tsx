import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useWithdrawBidMutation } from '@/features/bids/api/bids-api';
import type { Bid } from '@/lib/api/schema.generated';
import { BidCard } from '@/features/bids/components/bid-card';
import { BidForm } from '@/features/bids/components/bid-form';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { showToast } from '@/lib/toast/toast-store';

export interface MyBidProps {
  bid: Bid;
  catalog: CatalogIndex;
  // Edit and withdraw only while the order is in search.
  editable: boolean;
  // The order's budget currency: a bid without a price (a preliminary one) is made final in it.
  orderCurrency: string;
}

export function MyBid({ bid, catalog, editable, orderCurrency }: MyBidProps) {
  const { t } = useTranslation(['orders', 'common']);
  const [mode, setMode] = useState<'view' | 'edit' | 'final'>('view');
  const [withdraw] = useWithdrawBidMutation();

  const onWithdraw = () =>
    confirmDialog({
      header: t('bids.withdraw'),
      message: t('bids.withdraw_confirm'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common:yes'),
      rejectLabel: t('common:no'),
      accept: () => {
        void withdraw({ id: bid.id }).then((result) => {
          if (result.data !== undefined) showToast({ severity: 'success', summary: t('bids.withdrawn') });
        });
      },
    });

  return (
    <section className="card" aria-labelledby="my-bid-title" data-testid="my-bid">
      <h2 id="my-bid-title">{t('bids.mine')}</h2>
      {mode === 'view' ? (
        <BidCard bid={bid} catalog={catalog}>
          {editable && bid.status === 'active' && (
            <div className="card-actions">
              {bid.kind === 'preliminary' && (
                <Button
                  type="button"
                  size="small"
                  label={t('bids.make_final')}
                  onClick={() => setMode('final')}
                />
              )}
              <Button
                type="button"
                size="small"
                outlined
                label={t('bids.edit')}
                onClick={() => setMode('edit')}
              />
              <Button
                type="button"
                size="small"
                severity="danger"
                text
                label={t('bids.withdraw')}
                onClick={onWithdraw}
              />
            </div>
          )}
        </BidCard>
      ) : (
        <BidForm
          orderId={bid.order_id}
          catalog={catalog}
          defaultCurrency={orderCurrency}
          bid={bid}
          makeFinal={mode === 'final'}
          onDone={() => setMode('view')}
        />
      )}
    </section>
  );
}
