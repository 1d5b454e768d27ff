import type { OrderSummary } from '@/lib/api/schema.generated';

// A small order for the orders feature's component tests (the catalog fixture is src/test/catalog).
export const kOrder: OrderSummary = {
  id: 42,
  name: 'Landing page for a coffee shop',
  excerpt: 'One page with the menu and a map.',
  category_id: 1,
  specialization_id: 11,
  skill_ids: [101],
  budget: { amount: 2500000, currency: 'RUB' },
  deadline_at: null,
  payment_option: 'safe_deal',
  country_id: 7,
  city_id: 70,
  state: 'search',
  personal: false,
  portfolio_required: false,
  customer: { id: 3, name: 'Olga', lastname: 'Sidorova', avatar: null },
  performer: null,
  bid_count: 2,
  created_at: '2026-11-20T10:00:00Z',
};
