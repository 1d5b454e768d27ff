import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import type { ComponentType } from 'react';

import { QueryFallback } from '@/components/query-state';
import { useListOrderBidsQuery, useSelectPerformerMutation } from '@/features/bids/api/bids-api';
import type { OrderDetail } from '@/lib/api/schema.generated';
import { BidCard } from '@/features/bids/components/bid-card';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { selectVerdict } from '@/features/bids/model/bid-rules';
import { fullName } from '@/lib/format/format';
import { showToast } from '@/lib/toast/toast-store';

export interface OwnerBidsProps {
  order: OrderDetail;
  catalog: CatalogIndex;
  Contact?: ComponentType<{ userId: number; orderId: number }>;
}

// The customer's view of the bids: select a performer from the final ones while the order is in search.
export function OwnerBids({ order, catalog, Contact }: OwnerBidsProps) {
  const { t } = useTranslation(['orders', 'common']);
  const bidsQuery = useListOrderBidsQuery({ id: order.id });
  const { data } = bidsQuery;
  const [select, { isLoading: selecting }] = useSelectPerformerMutation();
  const open = order.state === 'search';

  const onSelect = (bidId: number, name: string) =>
    confirmDialog({
      header: t('bids.select'),
      message: t('bids.select_confirm', { name }),
      icon: 'pi pi-user-plus',
      acceptLabel: t('common:yes'),
      rejectLabel: t('common:no'),
      accept: () => {
        void select({ id: order.id, body: { bid_id: bidId } }).then((result) => {
          if (result.data !== undefined) showToast({ severity: 'success', summary: t('bids.selected') });
        });
      },
    });

  return (
    <section className="card" aria-labelledby="bids-title" data-testid="owner-bids">
      <h2 id="bids-title">
        {t('bids.title')} <span className="muted">{data?.items.length ?? order.bid_count}</span>
      </h2>
      {data === undefined && <QueryFallback results={[bidsQuery]} />}
      {data !== undefined && data.items.length === 0 && <p className="muted">{t('bids.empty')}</p>}
      {data?.items.map((bid) => {
        const verdict = selectVerdict(bid);
        return (
          <BidCard key={bid.id} bid={bid} catalog={catalog}>
            {Contact !== undefined && <Contact userId={bid.performer.id} orderId={order.id} />}
            {open && verdict === 'selectable' && (
              <Button
                type="button"
                size="small"
                icon="pi pi-check"
                label={t('bids.select')}
                loading={selecting}
                onClick={() => onSelect(bid.id, fullName(bid.performer))}
              />
            )}
            {open && verdict === 'preliminary' && (
              <p className="field-hint" data-testid="preliminary-hint">
                <span className="pi pi-info-circle" aria-hidden="true" /> {t('bids.preliminary_hint')}
              </p>
            )}
          </BidCard>
        );
      })}
    </section>
  );
}
