import type { FreelancerCard } from '@/lib/api/schema.generated';

// A performer of the catalogue for the profiles feature's component tests (the catalog fixture is src/test/catalog).
export const kFreelancerCard: FreelancerCard = {
  user: { id: 5, name: 'Ivan', lastname: 'Sokolov', avatar: null },
  slug: 'ivan-design',
  headline: 'Logos and brand identity',
  main_specialization_id: 21,
  specialization_ids: [21],
  skill_ids: [102, 103],
  country_id: 7,
  city_id: 70,
  rate: { amount: 150000, currency: 'RUB' },
  available: true,
  online: true,
  stats: { rating: 4.8, review_count: 12, completed_orders: 5, repeat_customers: 1 },
  project_count: 4,
  covers: ['/media/covers/1.webp', '/media/covers/2.webp', '/media/covers/3.webp'],
  active_at: '2026-11-20T10:00:00Z',
};
