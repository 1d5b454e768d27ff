import type { Bid } from '@/lib/api/schema.generated';

// A performer's active preliminary bid on order 42, as GET/POST bid answers carry it.
export const kPreliminaryBid: Bid = {
  id: 9,
  order_id: 42,
  performer: { id: 7, name: 'Anna', lastname: 'Petrova', avatar: null },
  kind: 'preliminary',
  comment: 'Can do',
  term_days: 5,
  price: null,
  status: 'active',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};
