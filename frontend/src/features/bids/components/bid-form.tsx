import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useCreateBidMutation, useUpdateBidMutation } from '@/features/bids/api/bids-api';
import type { Bid } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import {
  checkBid,
  draftOfBid,
  emptyBidDraft,
  type BidDraft,
  type BidDraftError,
} from '@/features/bids/model/bid-rules';
import { errorBody, errorStatus, fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';
import { showToast } from '@/lib/toast/toast-store';

export interface BidFormProps {
  orderId: number;
  catalog: CatalogIndex;
  defaultCurrency: string;
  // Editing one's own bid; `makeFinal` opens it with the final type chosen.
  bid?: Bid;
  makeFinal?: boolean;
  onDone?: () => void;
  // The performer's first bid ever: the page prompts to complete the profile (SPEC §1).
  onFirstBid?: () => void;
  // The order lets only performers with a portfolio bid (its portfolio_required): the form says so, and the
  // server's refusal comes with a link to the performer's portfolio.
  portfolioRequired?: boolean;
}

// The fields the form draws itself; the server's message for any other (the order's portfolio rule) goes above.
const kFormFields = ['comment', 'term_days', 'price', 'kind'];

export function BidForm({
  orderId,
  catalog,
  defaultCurrency,
  bid,
  makeFinal = false,
  onDone,
  onFirstBid,
  portfolioRequired = false,
}: BidFormProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const [draft, setDraft] = useState<BidDraft>(() => {
    const start =
      bid === undefined
        ? emptyBidDraft(defaultCurrency)
        : draftOfBid(bid, catalog.minorUnits, defaultCurrency);
    return makeFinal ? { ...start, kind: 'final' } : start;
  });
  const [local, setLocal] = useState<Partial<Record<keyof BidDraft, BidDraftError>>>({});
  const [createBid, created] = useCreateBidMutation();
  const [updateBid, updated] = useUpdateBidMutation();
  const error = bid === undefined ? created.error : updated.error;
  const server = fieldErrors(error);
  const conflict = errorStatus(error) === 409 ? errorBody(error)?.message : undefined;
  const viewer = useViewer();
  const refusals = Object.entries(server)
    .filter(([field]) => !kFormFields.includes(field))
    .flatMap(([, messages]) => messages);
  const portfolioLink =
    portfolioRequired && viewer.id !== null ? (
      <Link to={paths.freelancer(lang, viewer.id)} data-testid="bid-portfolio-link">
        {t('bids.portfolio_link')}
      </Link>
    ) : null;
  // Editing a field drops its own check's message; choosing the preliminary type also drops "price required".
  const set = (patch: Partial<BidDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setLocal((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof BidDraft)[]) delete next[key];
      if (patch.kind === 'preliminary' && next.price === 'price_required') delete next.price;
      return next;
    });
  };
  const message = (field: keyof BidDraft, serverField: string) => {
    const code = local[field];
    return code !== undefined ? t(`bids.errors.${code}`) : server[serverField]?.[0];
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBid(draft, catalog.minorUnits(draft.currency), lang);
    if (checked.errors !== null) {
      setLocal(checked.errors);
      return;
    }
    setLocal({});
    if (bid === undefined) {
      const result = await createBid({ id: orderId, bidInput: checked.input });
      if (result.data === undefined) return;
      showToast({ severity: 'success', summary: t('bids.sent') });
      if (result.data.first_bid) onFirstBid?.();
      onDone?.();
    } else {
      const result = await updateBid({ id: bid.id, bidInput: checked.input });
      if (result.data === undefined) return;
      showToast({ severity: 'success', summary: t('bids.saved') });
      onDone?.();
    }
  };

  return (
    <form className="bid-form" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="bid-form">
      {conflict !== undefined && <FormAlert severity="error">{conflict}</FormAlert>}
      {refusals.length > 0 ? (
        <FormAlert severity="error">
          <span data-testid="bid-refusal">{refusals.join(' ')}</span> {portfolioLink}
        </FormAlert>
      ) : (
        portfolioRequired && (
          <FormAlert severity="info">
            {t('bids.portfolio_hint')} {portfolioLink}
          </FormAlert>
        )
      )}
      <fieldset className="radio-group">
        <legend className="field-label">{t('bids.kind')}</legend>
        {(['final', 'preliminary'] as const).map((kind) => (
          <div className="checkbox" key={kind}>
            <RadioButton
              inputId={`bid-kind-${kind}`}
              name="kind"
              value={kind}
              checked={draft.kind === kind}
              onChange={() => set({ kind })}
            />
            <label htmlFor={`bid-kind-${kind}`}>
              {t(kind === 'final' ? 'bids.kind_final' : 'bids.kind_preliminary')}
            </label>
          </div>
        ))}
      </fieldset>
      <TextField
        label={t('bids.comment')}
        name="comment"
        id="bid-comment"
        rows={4}
        maxLength={5000}
        placeholder={t('bids.comment_placeholder')}
        value={draft.comment}
        onChange={(comment) => set({ comment })}
        error={message('comment', 'comment')}
      />
      <div className="field-pair">
        <TextField
          label={t('bids.term_days')}
          name="term_days"
          id="bid-term"
          inputMode="numeric"
          value={draft.termDays}
          onChange={(termDays) => set({ termDays })}
          error={message('termDays', 'term_days')}
        />
        <div className="field">
          <label className="field-label" htmlFor="bid-price">
            {t('bids.price')}
          </label>
          <div className="money-input">
            <InputText
              id="bid-price"
              name="price"
              inputMode="decimal"
              value={draft.price}
              invalid={message('price', 'price') !== undefined}
              onChange={(event) => set({ price: event.target.value })}
            />
            <Dropdown
              aria-label={t('filters.currency')}
              value={draft.currency}
              options={catalog.currencyOptions()}
              onChange={(event) => set({ currency: event.value as string })}
            />
          </div>
          {draft.kind === 'preliminary' && (
            <div className="field-hint">{t('bids.price_hint_preliminary')}</div>
          )}
          {message('price', 'price') !== undefined && (
            <small className="field-error" role="alert">
              {message('price', 'price')}
            </small>
          )}
        </div>
      </div>
      <div className="card-actions">
        <Button
          type="submit"
          label={bid === undefined ? t('bids.submit') : t('bids.save')}
          loading={created.isLoading || updated.isLoading}
        />
        {bid !== undefined && onDone !== undefined && (
          <Button type="button" label={t('bids.cancel')} text onClick={onDone} />
        )}
      </div>
    </form>
  );
}
