import type { Catalog, OrderSummary } from '@/features/orders/api/orders-api';

// Small catalog and order fixtures for the orders feature's component tests.
export const kCatalog: Catalog = {
  categories: [
    {
      id: 1,
      code: 'development',
      names: { en: 'Development', ru: 'Разработка' },
      specializations: [{ id: 11, code: 'web', names: { en: 'Websites', ru: 'Сайты' } }],
    },
    {
      id: 2,
      code: 'design',
      names: { en: 'Design', ru: 'Дизайн' },
      specializations: [{ id: 21, code: 'logo', names: { en: 'Logos', ru: 'Логотипы' } }],
    },
  ],
  skills: [{ id: 101, code: 'react', names: { en: 'React', ru: 'React' } }],
  countries: [
    {
      id: 7,
      code: 'RU',
      names: { en: 'Russia', ru: 'Россия' },
      cities: [{ id: 70, names: { en: 'Moscow', ru: 'Москва' } }],
    },
  ],
  currencies: [
    { code: 'RUB', names: { en: 'Rouble', ru: 'Рубль' }, symbol: '₽', minor_units: 2 },
    { code: 'USD', names: { en: 'US dollar', ru: 'Доллар США' }, symbol: '$', minor_units: 2 },
  ],
};

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
  customer: { id: 3, name: 'Olga', lastname: 'Sidorova', avatar: null },
  performer: null,
  bid_count: 2,
  created_at: '2026-11-20T10:00:00Z',
};
