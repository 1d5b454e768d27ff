import type { Bid } from '@/lib/api/schema.generated';
import { checkBid, draftOfBid, emptyBidDraft, selectVerdict } from '@/features/bids/model/bid-rules';

const kBid: Bid = {
  id: 1,
  order_id: 2,
  performer: { id: 3, name: 'Ivan', lastname: 'Petrov', avatar: null },
  kind: 'preliminary',
  comment: 'I can do it',
  term_days: 5,
  price: null,
  status: 'active',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

describe('bid form rules', () => {
  it('a final bid needs a price', () => {
    const result = checkBid({ ...emptyBidDraft('RUB'), comment: 'Hi', termDays: '3' }, 2);
    expect(result.errors).toEqual({ price: 'price_required' });
  });

  it('a preliminary bid may leave the price open', () => {
    const result = checkBid(
      { ...emptyBidDraft('RUB'), kind: 'preliminary', comment: ' Hi ', termDays: '3' },
      2,
    );
    expect(result.input).toEqual({ kind: 'preliminary', comment: 'Hi', term_days: 3, price: null });
  });

  it('sends the price in minor units', () => {
    const result = checkBid(
      { kind: 'final', comment: 'Hi', termDays: '10', price: '1500,5', currency: 'USD' },
      2,
    );
    expect(result.input?.price).toEqual({ amount: 150050, currency: 'USD' });
  });

  it.each(['0', '366', '2.5', '', 'x'])('rejects a term of %s days', (termDays) => {
    const result = checkBid({ ...emptyBidDraft('RUB'), comment: 'Hi', termDays, price: '10' }, 2);
    expect(result.errors).toEqual({ termDays: 'term_range' });
  });

  it('needs a comment and a valid amount', () => {
    const result = checkBid({ ...emptyBidDraft('RUB'), termDays: '1', price: '-1' }, 2);
    expect(result.errors).toEqual({ comment: 'comment_required', price: 'price_invalid' });
  });

  it('an existing bid fills the form in major units', () => {
    const draft = draftOfBid({ ...kBid, price: { amount: 250000, currency: 'RUB' } }, () => 2, 'USD');
    expect(draft).toEqual({
      kind: 'preliminary',
      comment: 'I can do it',
      termDays: '5',
      price: '2500',
      currency: 'RUB',
    });
  });

  it('only an active final bid can be selected', () => {
    expect(selectVerdict(kBid)).toBe('preliminary');
    expect(selectVerdict({ ...kBid, kind: 'final' })).toBe('selectable');
    expect(selectVerdict({ ...kBid, kind: 'final', status: 'rejected' })).toBe('inactive');
  });
});
