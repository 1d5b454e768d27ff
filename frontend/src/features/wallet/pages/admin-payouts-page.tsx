import '@/styles/wallet.css';

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AdminLayout } from '@/components/admin-layout';
import { FormAlert } from '@/components/form-alert';
import { QueryState } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useApprovePayoutMutation,
  useListPendingPayoutsQuery,
  useRejectPayoutMutation,
} from '@/features/wallet/api/wallet-api';
import { formatAmount, newIdempotencyKey } from '@/features/wallet/model/money';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorBody, fieldErrors } from '@/lib/api/api-error';
import type { Payout } from '@/lib/api/schema.generated';
import { formatDateTime, formatRelative } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

function RejectDialog({ payout, onClose }: { payout: Payout; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const [reason, setReason] = useState('');
  const [reject, rejected] = useRejectPayoutMutation();
  const key = useRef(newIdempotencyKey());
  const server = fieldErrors(rejected.error);
  const other =
    rejected.error !== undefined && Object.keys(server).length === 0 ? errorBody(rejected.error) : null;
  const submit = async () => {
    const result = await reject({ id: payout.id, 'Idempotency-Key': key.current, body: { reason } });
    if ('data' in result && result.data !== undefined) onClose();
  };
  return (
    <Dialog
      header={t('payouts.admin.reject_title')}
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 94vw)' }}
    >
      <form
        noValidate
        data-testid="payout-reject-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {other !== null && <FormAlert severity="error">{other.message}</FormAlert>}
        <TextField
          label={t('payouts.admin.reject_reason')}
          name="reason"
          id="payout-reject-reason"
          value={reason}
          rows={3}
          maxLength={1000}
          error={server.reason?.[0]}
          onChange={setReason}
        />
        <div className="form-actions">
          <Button type="button" text label={t('payouts.admin.cancel')} onClick={onClose} />
          <Button
            type="submit"
            severity="danger"
            label={t('payouts.admin.reject_submit')}
            loading={rejected.isLoading}
            data-testid="payout-reject-submit"
          />
        </div>
      </form>
    </Dialog>
  );
}

function PendingPayout({ payout, onReject }: { payout: Payout; onReject: () => void }) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const [approve, approving] = useApprovePayoutMutation();
  const failed = approving.error !== undefined ? errorBody(approving.error) : null;
  return (
    <li className="card dispute-item" data-testid="pending-payout">
      <div className="dispute-head">
        <strong>{payout.user_name}</strong>
        <strong className="dispute-amount">{formatAmount(payout.amount, payout.currency, lang)}</strong>
      </div>
      <p className="muted small">
        {t('payouts.admin.to', {
          method: `${t(`payouts.kind.${payout.method_kind}`)} ${payout.method_masked}`,
        })}
        {' · '}
        <time dateTime={payout.created_at} title={formatDateTime(payout.created_at, lang)}>
          {formatRelative(payout.created_at, lang)}
        </time>
      </p>
      {payout.approvals_needed > 1 && (
        <p className="small" data-testid="pending-payout-approvals">
          {payout.first_approver_name !== null
            ? t('payouts.admin.first_approver', { name: payout.first_approver_name })
            : t('payouts.admin.needs_two')}
        </p>
      )}
      {failed !== null && <FormAlert severity="error">{failed.message}</FormAlert>}
      <div className="pending-payout-actions">
        <Button
          type="button"
          outlined
          severity="danger"
          size="small"
          label={t('payouts.admin.reject')}
          onClick={onReject}
          data-testid="payout-reject"
        />
        <Button
          type="button"
          size="small"
          label={t('payouts.admin.approve')}
          loading={approving.isLoading}
          onClick={() => void approve({ id: payout.id })}
          data-testid="payout-approve"
        />
      </div>
    </li>
  );
}

// /{lang}/admin/payouts: the payouts above the approval threshold, the longest waiting first. A large one shows
// who approved it first and waits for another admin (the server refuses the same admin twice).
export default function AdminPayoutsPage() {
  const { t } = useTranslation('wallet');
  useDocumentTitle(t('payouts.admin.title'));
  const result = useListPendingPayoutsQuery();
  const [rejecting, setRejecting] = useState<Payout | null>(null);
  return (
    <AdminLayout title={t('payouts.admin.title')}>
      <p className="muted">{t('payouts.admin.intro')}</p>
      <QueryState
        result={result}
        isEmpty={(data) => data.payouts.length === 0}
        empty={
          <p className="empty-state" data-testid="payouts-empty">
            {t('payouts.admin.empty')}
          </p>
        }
      >
        {(data) => (
          <>
            <p className="muted" data-testid="payouts-count">
              {t('payouts.admin.count', { count: data.payouts.length })}
            </p>
            <ul className="dispute-list">
              {data.payouts.map((payout) => (
                <PendingPayout key={payout.id} payout={payout} onReject={() => setRejecting(payout)} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
      {rejecting !== null && <RejectDialog payout={rejecting} onClose={() => setRejecting(null)} />}
    </AdminLayout>
  );
}
