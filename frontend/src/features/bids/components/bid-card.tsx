import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Bid } from '@/lib/api/schema.generated';
import { PersonLink } from '@/components/person-link';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { formatMoney } from '@/lib/money/money';
import { useLanguage } from '@/lib/i18n/use-language';

export interface BidCardProps {
  bid: Bid;
  catalog: CatalogIndex;
  children?: ReactNode;
}

export function BidCard({ bid, catalog, children }: BidCardProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  return (
    <article className="bid-card" data-testid="bid-card">
      <div className="bid-card-head">
        <PersonLink user={bid.performer} as="performer" />
        <span
          className={bid.kind === 'final' ? 'badge badge-success' : 'badge badge-warn'}
          data-testid="bid-kind"
        >
          {t(bid.kind === 'final' ? 'bids.final' : 'bids.preliminary')}
        </span>
        {bid.status === 'selected' && <span className="badge">{t('bids.selected_badge')}</span>}
        {bid.status === 'rejected' && <span className="badge badge-muted">{t('bids.rejected_badge')}</span>}
      </div>
      <p className="bid-comment">{bid.comment}</p>
      <div className="bid-card-meta">
        <strong>
          {bid.price === null
            ? t('bids.price_open')
            : formatMoney(bid.price, catalog.minorUnits(bid.price.currency), lang)}
        </strong>
        <span>{t('bids.term', { count: bid.term_days })}</span>
      </div>
      {children}
    </article>
  );
}
