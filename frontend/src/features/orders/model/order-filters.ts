import type { ListOrdersApiArg } from '@/features/orders/api/orders-api';
import type { PaymentOption } from '@/lib/api/schema.generated';
import { amountOf, currencyOf, flagOf, idOf, oneOf } from '@/lib/filters/url-params';
import { toMinorUnits } from '@/lib/money/money';

export const kDeadlineBuckets = ['urgent', 'week', 'month', 'non_urgent', 'by_agreement'] as const;
export type DeadlineBucket = (typeof kDeadlineBuckets)[number];

export const kPaymentOptions: readonly PaymentOption[] = [
  'no_prepayment',
  'prepayment',
  'prepayment_possible',
  'safe_deal',
  'contract',
];

export const kSorts = ['date', 'budget'] as const;
export type OrderSort = (typeof kSorts)[number];

// Every filter of the order list as it stands in the URL query (budget in major units, so links read well);
// the category is the path segment orders/{category}.
export interface OrderFilters {
  q: string;
  deadline: DeadlineBucket | null;
  payment: PaymentOption | null;
  budgetMin: string;
  budgetMax: string;
  currency: string;
  country: number | null;
  city: number | null;
  skill: number | null;
  specialization: number | null;
  // Only orders that only performers with a portfolio may bid on (?portfolio=true).
  portfolio: boolean;
  sort: OrderSort;
}

export const kDefaultCurrency = 'RUB';

export const kEmptyFilters: OrderFilters = {
  q: '',
  deadline: null,
  payment: null,
  budgetMin: '',
  budgetMax: '',
  currency: kDefaultCurrency,
  country: null,
  city: null,
  skill: null,
  specialization: null,
  portfolio: false,
  sort: 'date',
};

export function parseFilters(search: URLSearchParams): OrderFilters {
  return {
    q: (search.get('q') ?? '').slice(0, 200),
    deadline: oneOf(search.get('deadline'), kDeadlineBuckets),
    payment: oneOf(search.get('payment'), kPaymentOptions),
    budgetMin: amountOf(search.get('budget_min')),
    budgetMax: amountOf(search.get('budget_max')),
    currency: currencyOf(search.get('currency'), kDefaultCurrency),
    country: idOf(search.get('country')),
    city: idOf(search.get('city')),
    skill: idOf(search.get('skill')),
    specialization: idOf(search.get('specialization')),
    portfolio: flagOf(search.get('portfolio')),
    sort: oneOf(search.get('sort'), kSorts) ?? 'date',
  };
}

// Only what differs from the defaults goes into the URL, in a fixed order.
export function filtersToSearch(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  const q = filters.q.trim();
  if (q !== '') search.set('q', q);
  if (filters.deadline !== null) search.set('deadline', filters.deadline);
  if (filters.payment !== null) search.set('payment', filters.payment);
  if (filters.budgetMin !== '') search.set('budget_min', filters.budgetMin);
  if (filters.budgetMax !== '') search.set('budget_max', filters.budgetMax);
  if ((filters.budgetMin !== '' || filters.budgetMax !== '') && filters.currency !== kDefaultCurrency) {
    search.set('currency', filters.currency);
  }
  if (filters.country !== null) search.set('country', String(filters.country));
  if (filters.country !== null && filters.city !== null) search.set('city', String(filters.city));
  if (filters.skill !== null) search.set('skill', String(filters.skill));
  if (filters.specialization !== null) search.set('specialization', String(filters.specialization));
  if (filters.portfolio) search.set('portfolio', 'true');
  if (filters.sort !== 'date') search.set('sort', filters.sort);
  return search;
}

export function hasAdvancedFilters(filters: OrderFilters): boolean {
  return (
    filters.deadline !== null ||
    filters.payment !== null ||
    filters.budgetMin !== '' ||
    filters.budgetMax !== '' ||
    filters.country !== null ||
    filters.skill !== null ||
    filters.specialization !== null ||
    filters.portfolio
  );
}

// The list query: budget converted to the currency's minor units.
export function toListArgs(
  filters: OrderFilters,
  category: string | undefined,
  minorUnits: number,
): Omit<ListOrdersApiArg, 'cursor' | 'limit'> {
  const args: Omit<ListOrdersApiArg, 'cursor' | 'limit'> = { sort: filters.sort };
  if (category !== undefined) args.category = category;
  if (filters.q.trim() !== '') args.q = filters.q.trim();
  if (filters.deadline !== null) args.deadline = filters.deadline;
  if (filters.payment !== null) args.payment = filters.payment;
  const min = filters.budgetMin === '' ? null : toMinorUnits(filters.budgetMin, minorUnits);
  const max = filters.budgetMax === '' ? null : toMinorUnits(filters.budgetMax, minorUnits);
  if (min !== null) args.budgetMin = min;
  if (max !== null) args.budgetMax = max;
  if (min !== null || max !== null) args.currency = filters.currency;
  if (filters.country !== null) args.country = filters.country;
  if (filters.country !== null && filters.city !== null) args.city = filters.city;
  if (filters.skill !== null) args.skill = filters.skill;
  if (filters.specialization !== null) args.specialization = filters.specialization;
  if (filters.portfolio) args.portfolio = true;
  return args;
}
