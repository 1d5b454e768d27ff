import type { Bid, BidInput, BidKind } from '@/lib/api/schema.generated';
import { toMajorUnits, toMinorUnits } from '@/lib/money/money';

export interface BidDraft {
  kind: BidKind;
  comment: string;
  termDays: string;
  price: string;
  currency: string;
}

export type BidDraftError = 'comment_required' | 'term_range' | 'price_required' | 'price_invalid';

export function emptyBidDraft(currency: string): BidDraft {
  return { kind: 'final', comment: '', termDays: '', price: '', currency };
}

export function draftOfBid(
  bid: Bid,
  minorUnits: (currency: string) => number,
  fallbackCurrency: string,
): BidDraft {
  return {
    kind: bid.kind,
    comment: bid.comment,
    termDays: String(bid.term_days),
    price: bid.price === null ? '' : toMajorUnits(bid.price.amount, minorUnits(bid.price.currency)),
    currency: bid.price?.currency ?? fallbackCurrency,
  };
}

// The rules the server enforces, checked before sending so the form answers at once: a comment, a term of
// 1–365 whole days, and a price on a final bid (a preliminary one may leave it open).
export function checkBid(
  draft: BidDraft,
  minorUnits: number,
  language = 'en',
):
  | { input: BidInput; errors: null }
  | { input: null; errors: Partial<Record<keyof BidDraft, BidDraftError>> } {
  const errors: Partial<Record<keyof BidDraft, BidDraftError>> = {};
  if (draft.comment.trim() === '') errors.comment = 'comment_required';
  const term = Number(draft.termDays);
  if (!/^\d+$/.test(draft.termDays.trim()) || term < 1 || term > 365) errors.termDays = 'term_range';
  let price: BidInput['price'] = null;
  if (draft.price.trim() === '') {
    if (draft.kind === 'final') errors.price = 'price_required';
  } else {
    const amount = toMinorUnits(draft.price, minorUnits, language);
    if (amount === null || amount < 1) errors.price = 'price_invalid';
    else price = { amount, currency: draft.currency };
  }
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return { input: { kind: draft.kind, comment: draft.comment.trim(), term_days: term, price }, errors: null };
}

export type SelectVerdict = 'selectable' | 'preliminary' | 'inactive';

// SPEC §4: a preliminary bid cannot be selected; the performer must make it final first.
export function selectVerdict(bid: Bid): SelectVerdict {
  if (bid.status !== 'active') return 'inactive';
  return bid.kind === 'final' ? 'selectable' : 'preliminary';
}
