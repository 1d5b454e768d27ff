import '@/styles/wallet.css';

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

import { FormAlert } from '@/components/form-alert';
import { QueryState } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useAcceptMilestoneMutation,
  useAddDealMilestoneMutation,
  useDeliverMilestoneMutation,
  useDisputeMilestoneMutation,
  useFundMilestoneMutation,
  useGetOrderDealQuery,
  useGetWalletQuery,
  useRefundMilestoneMutation,
  useRequestMilestoneChangesMutation,
  useResolveMilestoneMutation,
} from '@/features/wallet/api/wallet-api';
import { TopupDialog } from '@/features/wallet/components/topup-dialog';
import {
  formatAmount,
  kWalletCurrencies,
  newIdempotencyKey,
  shortfall,
  toDecimalString,
  toTypedAmount,
  type WalletCurrencyCode,
} from '@/features/wallet/model/money';
import { errorBody, fieldErrors } from '@/lib/api/api-error';
import type { Deal, Milestone, MilestoneAction } from '@/lib/api/schema.generated';
import { formatDateTime } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

export interface DealPanelProps {
  orderId: number;
}

type Step = MilestoneAction;
const kMessageSteps: readonly Step[] = ['deliver', 'request_changes', 'dispute'];

// The order's safe deal, for its customer and its performer (order/{id}): the milestones with their states and
// what the caller may do with each (the server says: `actions`); the customer adds milestones and funds them
// (the fee is shown before), the performer delivers or refunds, the customer accepts or asks for changes, either
// side disputes. Money-moving steps carry one Idempotency-Key per step the user means (a double click or a retry
// moves the money once).
export function DealPanel({ orderId }: DealPanelProps) {
  const { t } = useTranslation('wallet');
  const deal = useGetOrderDealQuery({ id: orderId });
  return (
    <section className="card deal-panel" data-testid="deal-panel" aria-labelledby="deal-title">
      <h2 id="deal-title">{t('deal.title')}</h2>
      <QueryState result={deal}>{(data) => <DealBody deal={data} />}</QueryState>
    </section>
  );
}

function DealBody({ deal }: { deal: Deal }) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const currency = deal.currency ?? (lang === 'ru' ? 'RUB' : 'USD');
  const [step, setStep] = useState<{ milestone: Milestone; step: Step } | null>(null);
  return (
    <>
      <p className="muted deal-intro">
        {t(
          deal.role === 'customer'
            ? 'deal.intro_customer'
            : deal.role === 'admin'
              ? 'deal.intro_admin'
              : 'deal.intro_performer',
          {
            percent: deal.fee_percent,
            days: deal.auto_release_days,
          },
        )}
      </p>
      {deal.milestones.length > 0 && (
        <dl className="deal-totals" data-testid="deal-totals">
          <div>
            <dt>{t('deal.in_escrow')}</dt>
            <dd data-testid="deal-in-escrow">{formatAmount(deal.in_escrow, currency, lang)}</dd>
          </div>
          <div>
            <dt>{t('deal.released')}</dt>
            <dd>{formatAmount(deal.released, currency, lang)}</dd>
          </div>
          <div>
            <dt>{t('deal.refunded')}</dt>
            <dd>{formatAmount(deal.refunded, currency, lang)}</dd>
          </div>
        </dl>
      )}
      {deal.milestones.length === 0 ? (
        <p className="deal-empty" data-testid="deal-empty">
          {t(deal.role === 'customer' ? 'deal.empty_customer' : 'deal.empty_performer')}
        </p>
      ) : (
        <ol className="deal-milestones">
          {deal.milestones.map((milestone) => (
            <MilestoneItem
              key={milestone.id}
              milestone={milestone}
              currency={currency}
              onStep={(chosen) => setStep({ milestone, step: chosen })}
            />
          ))}
        </ol>
      )}
      {deal.role === 'customer' && <AddMilestoneForm orderId={deal.order_id} currency={currency} />}
      {step !== null && (
        <StepDialog
          milestone={step.milestone}
          step={step.step}
          currency={currency}
          onClose={() => setStep(null)}
        />
      )}
    </>
  );
}

function MilestoneItem({
  milestone,
  currency,
  onStep,
}: {
  milestone: Milestone;
  currency: string;
  onStep: (step: Step) => void;
}) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const steps = milestone.actions;
  return (
    <li className="deal-milestone" data-testid={`milestone-${milestone.id}`}>
      <div className="deal-milestone-head">
        <strong className="deal-milestone-title">{milestone.title}</strong>
        <span className={`badge deal-status deal-status-${milestone.status}`} data-testid="milestone-status">
          {t(`deal.status.${milestone.status}`)}
        </span>
      </div>
      <p className="deal-milestone-amount">
        <strong>{formatAmount(milestone.amount, currency, lang)}</strong>
        {milestone.deadline !== null && (
          <span className="muted"> · {t('deal.until', { date: milestone.deadline })}</span>
        )}
      </p>
      {milestone.delivery_message !== null && milestone.status === 'delivered' && (
        <p className="deal-note">
          <span className="muted">{t('deal.delivery')}: </span>
          {milestone.delivery_message}
        </p>
      )}
      {milestone.auto_release_at !== null && (
        <p className="muted deal-note">
          {t('deal.auto_release', { date: formatDateTime(milestone.auto_release_at, lang) })}
        </p>
      )}
      {milestone.changes_message !== null && milestone.status === 'funded' && (
        <p className="deal-note">
          <span className="muted">{t('deal.changes')}: </span>
          {milestone.changes_message}
        </p>
      )}
      {milestone.dispute_reason !== null && milestone.status === 'disputed' && (
        <p className="deal-note">
          <span className="muted">{t('deal.dispute_reason')}: </span>
          {milestone.dispute_reason}
        </p>
      )}
      {milestone.released !== null && (
        <p className="muted deal-note">
          {t('deal.outcome', {
            released: formatAmount(milestone.released, currency, lang),
            fee: formatAmount(milestone.fee_taken ?? '0', currency, lang),
            refunded: formatAmount(milestone.refunded ?? '0', currency, lang),
          })}
        </p>
      )}
      {steps.length > 0 && (
        <div className="deal-actions">
          {steps.map((step) => (
            <Button
              key={step}
              type="button"
              size="small"
              outlined={step !== 'fund' && step !== 'accept' && step !== 'deliver'}
              severity={step === 'dispute' || step === 'refund' ? 'danger' : undefined}
              label={t(`deal.action.${step}`)}
              onClick={() => onStep(step)}
              data-testid={`milestone-${step}`}
            />
          ))}
        </div>
      )}
    </li>
  );
}

// One step's confirmation: the money that moves (funding shows the fee and what the performer gets), or the
// message the step carries.
function StepDialog({
  milestone,
  step,
  currency,
  onClose,
}: {
  milestone: Milestone;
  step: Step;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const [message, setMessage] = useState('');
  const key = useRef(newIdempotencyKey());
  const [fund, funded] = useFundMilestoneMutation();
  const [accept, accepted] = useAcceptMilestoneMutation();
  const [refund, refunded] = useRefundMilestoneMutation();
  const [deliver, delivered] = useDeliverMilestoneMutation();
  const [requestChanges, changed] = useRequestMilestoneChangesMutation();
  const [dispute, disputed] = useDisputeMilestoneMutation();
  const [resolve, resolved] = useResolveMilestoneMutation();
  const [release, setRelease] = useState('');
  // Funding from a wallet that is short: what is missing, and a top-up of exactly that which comes back here.
  const wallet = useGetWalletQuery(undefined, { skip: step !== 'fund' });
  const available =
    wallet.data === undefined
      ? undefined
      : (wallet.data.balances.find((balance) => balance.currency === currency)?.available ?? '0.00');
  const missing = available === undefined ? null : shortfall(available, milestone.amount);
  const [toppingUp, setToppingUp] = useState(false);
  const location = useLocation();
  const state = {
    fund: funded,
    accept: accepted,
    refund: refunded,
    deliver: delivered,
    request_changes: changed,
    dispute: disputed,
    resolve: resolved,
  }[step];
  const needsMessage = kMessageSteps.includes(step);
  const messageError = fieldErrors(state.error).message?.[0];
  const releaseError = fieldErrors(state.error).release?.[0];
  const other =
    messageError === undefined && releaseError === undefined ? errorBody(state.error)?.message : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const id = milestone.id;
    const body = { dealMessageInput: { message } };
    const money = { id, 'Idempotency-Key': key.current };
    const result =
      step === 'fund'
        ? await fund(money)
        : step === 'accept'
          ? await accept(money)
          : step === 'refund'
            ? await refund(money)
            : step === 'resolve'
              ? await resolve({ ...money, body: { release: toDecimalString(release, lang) } })
              : step === 'deliver'
                ? await deliver({ id, ...body })
                : step === 'request_changes'
                  ? await requestChanges({ id, ...body })
                  : await dispute({ id, ...body });
    if ('data' in result && result.data !== undefined) onClose();
  };

  return (
    <Dialog
      header={t(`deal.action.${step}`)}
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 94vw)' }}
      footer={
        <div className="form-actions">
          <Button type="button" text label={t('deal.cancel')} onClick={onClose} />
          <Button
            type="submit"
            form="deal-step-form"
            label={t(`deal.confirm.${step}`)}
            loading={state.isLoading}
            severity={step === 'dispute' || step === 'refund' ? 'danger' : undefined}
            data-testid="deal-step-confirm"
          />
        </div>
      }
    >
      <form
        id="deal-step-form"
        className="deal-step-form"
        data-testid="deal-step"
        noValidate
        onSubmit={submit}
      >
        <p className="deal-step-title">
          <strong>{milestone.title}</strong> · {formatAmount(milestone.amount, currency, lang)}
        </p>
        {(step === 'fund' || step === 'accept') && (
          <dl className="deal-fee" data-testid="deal-fee">
            <div>
              <dt>{t('deal.fee')}</dt>
              <dd>{formatAmount(milestone.fee, currency, lang)}</dd>
            </div>
            <div>
              <dt>{t('deal.payout')}</dt>
              <dd>{formatAmount(milestone.payout, currency, lang)}</dd>
            </div>
          </dl>
        )}
        <p className="muted">{t(`deal.explain.${step}`)}</p>
        {step === 'resolve' && (
          <TextField
            label={t('deal.release', { currency })}
            name="release"
            value={release}
            onChange={setRelease}
            inputMode="decimal"
            required
            error={releaseError}
            hint={t('deal.release_hint')}
          />
        )}
        {needsMessage && (
          <TextField
            label={t(step === 'dispute' ? 'deal.reason' : 'deal.message')}
            name="message"
            value={message}
            onChange={setMessage}
            rows={3}
            maxLength={4000}
            required
            error={messageError}
          />
        )}
        {missing !== null && available !== undefined && (
          <div className="deal-shortfall" data-testid="deal-shortfall">
            <p>
              {t('deal.shortfall', {
                available: formatAmount(available, currency, lang),
                missing: formatAmount(missing, currency, lang),
              })}
            </p>
            {(kWalletCurrencies as readonly string[]).includes(currency) && (
              <Button
                type="button"
                outlined
                size="small"
                icon="pi pi-wallet"
                label={t('deal.top_up_missing', { amount: formatAmount(missing, currency, lang) })}
                onClick={() => setToppingUp(true)}
                data-testid="deal-top-up"
              />
            )}
          </div>
        )}
        {other !== undefined && <FormAlert severity="error">{other}</FormAlert>}
      </form>
      {toppingUp && missing !== null && (
        <TopupDialog
          currency={currency as WalletCurrencyCode}
          amount={toTypedAmount(missing, lang)}
          returnTo={location.pathname}
          onClose={() => setToppingUp(false)}
        />
      )}
    </Dialog>
  );
}

function AddMilestoneForm({ orderId, currency }: { orderId: number; currency: string }) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const [deadline, setDeadline] = useState('');
  const [add, added] = useAddDealMilestoneMutation();
  const errors = fieldErrors(added.error);
  const other = Object.keys(errors).length === 0 ? errorBody(added.error)?.message : undefined;
  if (!open) {
    return (
      <Button
        type="button"
        icon="pi pi-plus"
        outlined
        label={t('deal.add')}
        onClick={() => setOpen(true)}
        data-testid="milestone-add-open"
      />
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await add({
      id: orderId,
      milestoneInput: {
        title: title.trim(),
        amount: toDecimalString(amount, lang),
        currency,
        deadline: deadline === '' ? null : deadline,
      },
    });
    if ('data' in result && result.data !== undefined) {
      setTitle('');
      setAmount('');
      setDeadline('');
      setOpen(false);
    }
  };
  return (
    <form className="deal-add" data-testid="milestone-form" noValidate onSubmit={submit}>
      <h3>{t('deal.add')}</h3>
      <TextField
        label={t('deal.milestone_title')}
        name="title"
        value={title}
        onChange={setTitle}
        maxLength={200}
        required
        error={errors.title?.[0]}
      />
      <div className="deal-add-row">
        <TextField
          label={t('deal.amount', { currency })}
          name="amount"
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          required
          error={errors.amount?.[0] ?? errors.currency?.[0]}
        />
        <TextField
          label={t('deal.deadline')}
          name="deadline"
          value={deadline}
          onChange={setDeadline}
          placeholder={t('deal.deadline_placeholder')}
          error={errors.deadline?.[0]}
        />
      </div>
      {other !== undefined && <FormAlert severity="error">{other}</FormAlert>}
      <div className="form-actions">
        <Button type="button" text label={t('deal.cancel')} onClick={() => setOpen(false)} />
        <Button
          type="submit"
          label={t('deal.add_submit')}
          loading={added.isLoading}
          data-testid="milestone-add"
        />
      </div>
    </form>
  );
}
