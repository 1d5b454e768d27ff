import type { Company, CompanyInput } from '@/lib/api/schema.generated';

export const kIndustries = [
  'it',
  'finance',
  'retail',
  'manufacturing',
  'construction',
  'education',
  'healthcare',
  'media',
  'logistics',
  'hospitality',
  'government',
  'consulting',
  'energy',
  'agriculture',
  'other',
] as const satisfies readonly CompanyInput['industry'][];
export const kSizes = [
  '1_10',
  '11_50',
  '51_200',
  '201_1000',
  '1000_plus',
] as const satisfies readonly CompanyInput['size'][];

// The company form as typed (the year as text), checked at once, converted on submit.
export interface CompanyDraft {
  name: string;
  description: string;
  website: string;
  industry: CompanyInput['industry'] | null;
  size: CompanyInput['size'] | null;
  country: number | null;
  city: number | null;
  foundedYear: string;
}

export function draftOfCompany(company: Company | null): CompanyDraft {
  return {
    name: company?.name ?? '',
    description: company?.description ?? '',
    website: company?.website ?? '',
    industry: company?.industry ?? null,
    size: company?.size ?? null,
    country: company?.country_id ?? null,
    city: company?.city_id ?? null,
    foundedYear: company?.founded_year == null ? '' : String(company.founded_year),
  };
}

// The form's own checks: the field → the companies:company.* message key.
export function checkCompanyDraft(
  draft: CompanyDraft,
  thisYear = new Date().getFullYear(),
): Partial<Record<keyof CompanyDraft, 'required' | 'year_invalid'>> {
  const errors: Partial<Record<keyof CompanyDraft, 'required' | 'year_invalid'>> = {};
  if (draft.name.trim() === '') errors.name = 'required';
  if (draft.industry === null) errors.industry = 'required';
  if (draft.size === null) errors.size = 'required';
  const year = draft.foundedYear.trim();
  if (year !== '' && (!/^\d{4}$/.test(year) || Number(year) < 1800 || Number(year) > thisYear)) {
    errors.foundedYear = 'year_invalid';
  }
  return errors;
}

export function toCompanyInput(draft: CompanyDraft): CompanyInput {
  const year = draft.foundedYear.trim();
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    website: draft.website.trim() === '' ? null : draft.website.trim(),
    industry: draft.industry ?? 'other',
    size: draft.size ?? '1_10',
    country_id: draft.country,
    city_id: draft.country === null ? null : draft.city,
    founded_year: year === '' ? null : Number(year),
  };
}
