import type { ListFreelancersApiArg } from '@/features/profiles/api/profiles.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { currencyOf, flagOf, idOf, oneOf } from '@/lib/filters/url-params';

export const kCatalogueSorts = ['rating', 'reviews', 'activity', 'rate_asc', 'rate_desc'] as const;
export type CatalogueSort = (typeof kCatalogueSorts)[number];

// The API takes a whole least rating (1–5).
export const kRatingSteps = ['4', '3', '2'] as const;
export type RatingStep = (typeof kRatingSteps)[number];

// Every filter of the freelancer catalogue as it stands in the URL query (the rate in major units, as the API
// takes it); the category is the path segment freelancers/{category}. The shape of the orders list's filters
// (features/orders/model/order-filters) where the two lists share a filter.
export interface CatalogueFilters {
  q: string;
  specialization: number | null;
  skill: number | null;
  country: number | null;
  city: number | null;
  portfolio: boolean;
  rateMin: string;
  rateMax: string;
  currency: string;
  ratingMin: RatingStep | null;
  available: boolean;
  online: boolean;
  sort: CatalogueSort;
}

export const kDefaultCurrency = 'RUB';

// The rate range is whole major units (the API's rate_min/rate_max); a typed "1 500" or "1500.00" reads as 1500.
export function rateOf(value: string | null): string {
  if (value === null) return '';
  const text = value.replace(/\s/g, '').replace(/[.,]0+$/, '');
  return /^\d{1,9}$/.test(text) ? String(Number(text)) : '';
}

export const kEmptyCatalogueFilters: CatalogueFilters = {
  q: '',
  specialization: null,
  skill: null,
  country: null,
  city: null,
  portfolio: false,
  rateMin: '',
  rateMax: '',
  currency: kDefaultCurrency,
  ratingMin: null,
  available: false,
  online: false,
  sort: 'rating',
};

export function parseCatalogueFilters(search: URLSearchParams): CatalogueFilters {
  return {
    q: (search.get('q') ?? '').slice(0, 200),
    specialization: idOf(search.get('specialization')),
    skill: idOf(search.get('skill')),
    country: idOf(search.get('country')),
    city: idOf(search.get('city')),
    portfolio: flagOf(search.get('portfolio')),
    rateMin: rateOf(search.get('rate_min')),
    rateMax: rateOf(search.get('rate_max')),
    currency: currencyOf(search.get('currency'), kDefaultCurrency),
    ratingMin: oneOf(search.get('rating_min'), kRatingSteps),
    available: flagOf(search.get('available')),
    online: flagOf(search.get('online')),
    sort: oneOf(search.get('sort'), kCatalogueSorts) ?? 'rating',
  };
}

// Only what differs from the defaults goes into the URL, in a fixed order.
export function catalogueFiltersToSearch(filters: CatalogueFilters): URLSearchParams {
  const search = new URLSearchParams();
  const q = filters.q.trim();
  if (q !== '') search.set('q', q);
  if (filters.specialization !== null) search.set('specialization', String(filters.specialization));
  if (filters.skill !== null) search.set('skill', String(filters.skill));
  if (filters.country !== null) search.set('country', String(filters.country));
  if (filters.country !== null && filters.city !== null) search.set('city', String(filters.city));
  if (filters.portfolio) search.set('portfolio', 'true');
  if (filters.rateMin !== '') search.set('rate_min', filters.rateMin);
  if (filters.rateMax !== '') search.set('rate_max', filters.rateMax);
  if ((filters.rateMin !== '' || filters.rateMax !== '') && filters.currency !== kDefaultCurrency) {
    search.set('currency', filters.currency);
  }
  if (filters.ratingMin !== null) search.set('rating_min', filters.ratingMin);
  if (filters.available) search.set('available', 'true');
  if (filters.online) search.set('online', 'true');
  if (filters.sort !== 'rating') search.set('sort', filters.sort);
  return search;
}

export function hasAdvancedCatalogueFilters(filters: CatalogueFilters): boolean {
  return (
    filters.specialization !== null ||
    filters.skill !== null ||
    filters.country !== null ||
    filters.portfolio ||
    filters.rateMin !== '' ||
    filters.rateMax !== '' ||
    filters.ratingMin !== null ||
    filters.available ||
    filters.online
  );
}

export type CatalogueListArgs = Omit<ListFreelancersApiArg, 'cursor' | 'limit'>;

// The list query: the specialization by its code, the rate range in major units of its currency.
export function toCatalogueArgs(
  filters: CatalogueFilters,
  category: string | undefined,
  catalog: CatalogIndex,
): CatalogueListArgs {
  const args: CatalogueListArgs = { sort: filters.sort };
  if (category !== undefined) args.category = category;
  if (filters.q.trim() !== '') args.q = filters.q.trim();
  const specialization =
    filters.specialization === null ? undefined : catalog.specialization(filters.specialization);
  if (specialization !== undefined) args.specialization = specialization.code;
  if (filters.skill !== null) args.skill = [filters.skill];
  if (filters.country !== null) args.country = filters.country;
  if (filters.country !== null && filters.city !== null) args.city = filters.city;
  if (filters.portfolio) args.portfolio = true;
  if (filters.rateMin !== '') args.rateMin = Number(filters.rateMin);
  if (filters.rateMax !== '') args.rateMax = Number(filters.rateMax);
  if (filters.rateMin !== '' || filters.rateMax !== '') args.currency = filters.currency;
  if (filters.ratingMin !== null) args.ratingMin = Number(filters.ratingMin);
  if (filters.available) args.available = true;
  if (filters.online) args.online = true;
  return args;
}

// The counts take the list's filters but the category (a count per category) and the sort.
export function toCountArgs(args: CatalogueListArgs): Omit<CatalogueListArgs, 'category' | 'sort'> {
  const rest = { ...args };
  delete rest.category;
  delete rest.sort;
  return rest;
}
