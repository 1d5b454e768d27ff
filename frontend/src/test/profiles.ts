import type { CustomerProfile, FreelancerProfile } from '@/lib/api/schema.generated';

// Profiles for component tests of the pages drawn in the profile's frame (orders, reviews, profiles).
export function freelancerProfile(
  id: number,
  name = 'Ivan',
  lastname = 'Petrov',
  patch: Partial<FreelancerProfile> = {},
): FreelancerProfile {
  return {
    user: { id, name, lastname, avatar: null },
    created_at: '2026-01-10T09:00:00Z',
    slug: null,
    headline: '',
    about: '',
    specializations: [],
    category_ids: [],
    skill_ids: [],
    experience_years: null,
    country_id: null,
    city_id: null,
    languages: [],
    rate: null,
    available: true,
    online: false,
    stats: { rating: null, review_count: 0, completed_orders: 0, repeat_customers: 0 },
    project_count: 0,
    group_count: 0,
    price_count: 0,
    completeness: { score: 0, missing: [] },
    is_owner: false,
    ...patch,
  };
}

export function customerProfile(id: number, name = 'Ivan', lastname = 'Petrov'): CustomerProfile {
  return {
    user: { id, name, lastname, avatar: null },
    created_at: '2026-01-10T09:00:00Z',
    about: '',
    stats: {
      orders_posted: 0,
      performers_selected: 0,
      orders_completed: 0,
      completion_rate: null,
      median_select_seconds: null,
      rating: null,
      review_count: 0,
    },
    is_owner: false,
  };
}
