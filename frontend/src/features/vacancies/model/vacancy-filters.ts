import type { ListVacanciesApiArg } from '@/features/vacancies/api/vacancies.generated';
import type {
  VacancyEducationCode,
  VacancyEmploymentCode,
  VacancyExperienceCode,
  VacancyScheduleCode,
} from '@/lib/api/schema.generated';
import { currencyOf, flagOf, idOf, oneOf } from '@/lib/filters/url-params';

export const kEmployments = ['full', 'part', 'project', 'volunteer', 'internship'] as const;
export const kSchedules = ['full_day', 'shift', 'flexible', 'remote', 'rotation'] as const;
export const kExperiences = ['none', '1_3', '3_6', '6_plus'] as const;
export const kEducations = ['any', 'secondary', 'vocational', 'higher'] as const;
export const kVacancySorts = ['date', 'salary', 'relevance'] as const;
export type VacancySort = (typeof kVacancySorts)[number];
export const kDefaultCurrency = 'RUB';

// Every filter of the vacancy list as a plain value (what the URL query holds, and what a saved search will
// store); the category is the path segment vacancies/{category}. The salary is whole major units.
export interface VacancyFilters {
  q: string;
  specialization: number | null;
  employment: VacancyEmploymentCode[];
  schedule: VacancyScheduleCode[];
  experience: VacancyExperienceCode | null;
  education: VacancyEducationCode | null;
  salary: string;
  currency: string;
  country: number | null;
  city: number | null;
  skill: number | null;
  remote: boolean;
  sort: VacancySort;
}

export const kEmptyVacancyFilters: VacancyFilters = {
  q: '',
  specialization: null,
  employment: [],
  schedule: [],
  experience: null,
  education: null,
  salary: '',
  currency: kDefaultCurrency,
  country: null,
  city: null,
  skill: null,
  remote: false,
  sort: 'date',
};

// A typed salary ("150 000", "150000.00") as whole major units; '' when absent or malformed.
export function salaryOf(value: string | null): string {
  if (value === null) return '';
  const text = value.replace(/\s/g, '').replace(/[.,]0+$/, '');
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? String(Number(text)) : '';
}

function listOf<T extends string>(values: string[], allowed: readonly T[]): T[] {
  return allowed.filter((value) => values.includes(value));
}

export function parseVacancyFilters(search: URLSearchParams): VacancyFilters {
  return {
    q: (search.get('q') ?? '').slice(0, 200),
    specialization: idOf(search.get('specialization')),
    employment: listOf(search.getAll('employment'), kEmployments),
    schedule: listOf(search.getAll('schedule'), kSchedules),
    experience: oneOf(search.get('experience'), kExperiences),
    education: oneOf(search.get('education'), kEducations),
    salary: salaryOf(search.get('salary')),
    currency: currencyOf(search.get('currency'), kDefaultCurrency),
    country: idOf(search.get('country')),
    city: idOf(search.get('city')),
    skill: idOf(search.get('skill')),
    remote: flagOf(search.get('remote')),
    sort: oneOf(search.get('sort'), kVacancySorts) ?? 'date',
  };
}

// Only what differs from the defaults goes into the URL, in a fixed order.
export function vacancyFiltersToSearch(filters: VacancyFilters): URLSearchParams {
  const search = new URLSearchParams();
  const q = filters.q.trim();
  if (q !== '') search.set('q', q);
  if (filters.specialization !== null) search.set('specialization', String(filters.specialization));
  for (const value of filters.employment) search.append('employment', value);
  for (const value of filters.schedule) search.append('schedule', value);
  if (filters.experience !== null) search.set('experience', filters.experience);
  if (filters.education !== null) search.set('education', filters.education);
  if (filters.salary !== '') search.set('salary', filters.salary);
  if (filters.salary !== '' && filters.currency !== kDefaultCurrency)
    search.set('currency', filters.currency);
  if (filters.country !== null) search.set('country', String(filters.country));
  if (filters.country !== null && filters.city !== null) search.set('city', String(filters.city));
  if (filters.skill !== null) search.set('skill', String(filters.skill));
  if (filters.remote) search.set('remote', 'true');
  if (filters.sort !== 'date') search.set('sort', filters.sort);
  return search;
}

export function hasAdvancedVacancyFilters(filters: VacancyFilters): boolean {
  return (
    filters.specialization !== null ||
    filters.employment.length > 0 ||
    filters.schedule.length > 0 ||
    filters.experience !== null ||
    filters.education !== null ||
    filters.salary !== '' ||
    filters.country !== null ||
    filters.skill !== null ||
    filters.remote
  );
}

export type VacancyListArgs = Omit<ListVacanciesApiArg, 'cursor' | 'limit'>;

// The list query; the API takes the least salary in minor units of its currency.
export function toVacancyArgs(
  filters: VacancyFilters,
  category: string | undefined,
  minorUnits: number,
): VacancyListArgs {
  const args: VacancyListArgs = { sort: filters.sort };
  if (category !== undefined) args.category = category;
  if (filters.q.trim() !== '') args.q = filters.q.trim();
  if (filters.specialization !== null) args.specialization = filters.specialization;
  if (filters.employment.length > 0) args.employment = filters.employment;
  if (filters.schedule.length > 0) args.schedule = filters.schedule;
  if (filters.experience !== null) args.experience = filters.experience;
  if (filters.education !== null) args.education = filters.education;
  if (filters.salary !== '') {
    args.salary = Number(filters.salary) * 10 ** minorUnits;
    args.currency = filters.currency;
  }
  if (filters.country !== null) args.country = filters.country;
  if (filters.country !== null && filters.city !== null) args.city = filters.city;
  if (filters.skill !== null) args.skill = [filters.skill];
  if (filters.remote) args.remote = true;
  return args;
}

// The counts take the list's filters but the category (a count per category) and the sort.
export function toVacancyCountArgs(args: VacancyListArgs): Omit<VacancyListArgs, 'category' | 'sort'> {
  const rest = { ...args };
  delete rest.category;
  delete rest.sort;
  return rest;
}
