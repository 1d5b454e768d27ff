import type { ListResumesApiArg } from '@/features/resumes/api/resumes-api';
import { kEducationLevels, kEmployments, kSchedules } from '@/features/resumes/model/resume-draft';
import type { Employment, Schedule } from '@/lib/api/schema.generated';
import { amountOf, currencyOf, flagOf, idOf, oneOf } from '@/lib/filters/url-params';
import { toMinorUnits } from '@/lib/money/money';

export const kExperienceBuckets = ['none', '1_3', '3_6', '6_plus'] as const;
export const kResumeSorts = ['date', 'salary', 'relevance'] as const;
export type ResumeSort = (typeof kResumeSorts)[number];

// Every filter of the resume list as it stands in the URL query (salary in major units); the category is the
// path segment resumes/{category}. A plain value: a saved search can store it as it is.
export interface ResumeFilters {
  q: string;
  employment: Employment[];
  schedule: Schedule[];
  experience: (typeof kExperienceBuckets)[number] | null;
  education: (typeof kEducationLevels)[number] | null;
  // The most expected salary, in major units of `currency`.
  salary: string;
  currency: string;
  country: number | null;
  city: number | null;
  skill: number | null;
  specialization: number | null;
  relocate: boolean;
  remote: boolean;
  sort: ResumeSort;
}

export const kEmptyResumeFilters: ResumeFilters = {
  q: '',
  employment: [],
  schedule: [],
  experience: null,
  education: null,
  salary: '',
  currency: 'RUB',
  country: null,
  city: null,
  skill: null,
  specialization: null,
  relocate: false,
  remote: false,
  sort: 'date',
};

function many<T extends string>(values: string[], allowed: readonly T[]): T[] {
  return allowed.filter((value) => values.includes(value));
}

export function parseResumeFilters(search: URLSearchParams): ResumeFilters {
  return {
    q: (search.get('q') ?? '').slice(0, 200),
    employment: many(search.getAll('employment'), kEmployments),
    schedule: many(search.getAll('schedule'), kSchedules),
    experience: oneOf(search.get('experience'), kExperienceBuckets),
    education: oneOf(search.get('education'), kEducationLevels),
    salary: amountOf(search.get('salary')),
    currency: currencyOf(search.get('currency'), 'RUB'),
    country: idOf(search.get('country')),
    city: idOf(search.get('city')),
    skill: idOf(search.get('skill')),
    specialization: idOf(search.get('specialization')),
    relocate: flagOf(search.get('relocate')),
    remote: flagOf(search.get('remote')),
    sort: oneOf(search.get('sort'), kResumeSorts) ?? 'date',
  };
}

// Only what differs from the defaults goes into the URL, in a fixed order.
export function resumeFiltersToSearch(filters: ResumeFilters): URLSearchParams {
  const search = new URLSearchParams();
  const q = filters.q.trim();
  if (q !== '') search.set('q', q);
  for (const value of filters.employment) search.append('employment', value);
  for (const value of filters.schedule) search.append('schedule', value);
  if (filters.experience !== null) search.set('experience', filters.experience);
  if (filters.education !== null) search.set('education', filters.education);
  if (filters.salary !== '') {
    search.set('salary', filters.salary);
    if (filters.currency !== 'RUB') search.set('currency', filters.currency);
  }
  if (filters.country !== null) search.set('country', String(filters.country));
  if (filters.country !== null && filters.city !== null) search.set('city', String(filters.city));
  if (filters.skill !== null) search.set('skill', String(filters.skill));
  if (filters.specialization !== null) search.set('specialization', String(filters.specialization));
  if (filters.relocate) search.set('relocate', 'true');
  if (filters.remote) search.set('remote', 'true');
  if (filters.sort !== 'date') search.set('sort', filters.sort);
  return search;
}

export function hasAdvancedResumeFilters(filters: ResumeFilters): boolean {
  return (
    filters.employment.length > 0 ||
    filters.schedule.length > 0 ||
    filters.experience !== null ||
    filters.education !== null ||
    filters.salary !== '' ||
    filters.country !== null ||
    filters.skill !== null ||
    filters.specialization !== null ||
    filters.relocate ||
    filters.remote
  );
}

export type ResumeListArgs = Omit<ListResumesApiArg, 'cursor' | 'limit'>;

// The list query: the salary converted to the currency's minor units.
export function toResumeListArgs(
  filters: ResumeFilters,
  category: string | undefined,
  minorUnits: number,
): ResumeListArgs {
  const args: ResumeListArgs = { sort: filters.sort };
  if (category !== undefined) args.category = category;
  if (filters.q.trim() !== '') args.q = filters.q.trim();
  if (filters.employment.length > 0) args.employment = filters.employment;
  if (filters.schedule.length > 0) args.schedule = filters.schedule;
  if (filters.experience !== null) args.experience = filters.experience;
  if (filters.education !== null) args.education = filters.education;
  const salary = filters.salary === '' ? null : toMinorUnits(filters.salary, minorUnits);
  if (salary !== null) {
    args.salary = salary;
    args.currency = filters.currency;
  }
  if (filters.country !== null) args.country = filters.country;
  if (filters.country !== null && filters.city !== null) args.city = filters.city;
  if (filters.skill !== null) args.skill = [filters.skill];
  if (filters.specialization !== null) args.specialization = filters.specialization;
  if (filters.relocate) args.relocate = true;
  if (filters.remote) args.remote = true;
  return args;
}
