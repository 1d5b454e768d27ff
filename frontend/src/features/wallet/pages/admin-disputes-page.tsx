import '@/styles/wallet.css';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { QueryState } from '@/components/query-state';
import { useListDealDisputesQuery } from '@/features/wallet/api/wallet-api';
import { formatAmount } from '@/features/wallet/model/money';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime, formatRelative } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// /{lang}/admin/disputes: the disputed milestones waiting for an admin, longest waiting first. Each leads to its
// order's page, where the deal panel shows the admin both sides' messages and the split to decide.
export default function AdminDisputesPage() {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  useDocumentTitle(t('disputes.title'));
  const result = useListDealDisputesQuery();
  return (
    <AdminLayout title={t('disputes.title')}>
      <p className="muted">{t('disputes.intro')}</p>
      <QueryState
        result={result}
        isEmpty={(data) => data.disputes.length === 0}
        empty={
          <p className="empty-state" data-testid="disputes-empty">
            {t('disputes.empty')}
          </p>
        }
      >
        {(data) => (
          <>
            <p className="muted" data-testid="disputes-count">
              {t('disputes.count', { count: data.disputes.length })}
            </p>
            <ul className="dispute-list">
              {data.disputes.map((dispute) => (
                <li key={dispute.milestone_id} className="card dispute-item" data-testid="dispute">
                  <div className="dispute-head">
                    <Link to={paths.order(lang, dispute.order_id)} data-testid="dispute-order">
                      {dispute.order_name}
                    </Link>
                    <strong className="dispute-amount">
                      {formatAmount(dispute.amount, dispute.currency, lang)}
                    </strong>
                  </div>
                  <p className="dispute-milestone">{dispute.title}</p>
                  <p className="muted small">
                    {t('disputes.sides', {
                      customer: dispute.customer_name,
                      performer: dispute.performer_name,
                    })}
                  </p>
                  <p className="small" data-testid="dispute-opened">
                    {t(`disputes.opened_by.${dispute.opened_by}`, {
                      name: dispute.opened_by === 'customer' ? dispute.customer_name : dispute.performer_name,
                    })}{' '}
                    <time dateTime={dispute.disputed_at} title={formatDateTime(dispute.disputed_at, lang)}>
                      {formatRelative(dispute.disputed_at, lang)}
                    </time>
                  </p>
                  {dispute.reason !== '' && (
                    <blockquote className="dispute-reason">{dispute.reason}</blockquote>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </AdminLayout>
  );
}
