import type { FreelancerProfile, FreelancerProfileInput } from '@/lib/api/schema.generated';
import type { CatalogIndex, Option } from '@/lib/catalog/catalog-index';
import { toMajorUnits, toMinorUnits } from '@/lib/money/money';

export const kMaxSpecializations = 5;
export const kMaxSkills = 30;
export const kMaxLanguages = 10;
export const kHeadlineMax = 120;
export const kAboutMax = 5000;

// The languages a performer may list (ISO 639-1), named by the browser in the interface language.
export const kLanguageCodes = [
  'ru',
  'en',
  'uk',
  'be',
  'kk',
  'uz',
  'ky',
  'tg',
  'hy',
  'ka',
  'az',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'pl',
  'cs',
  'tr',
  'ar',
  'he',
  'zh',
  'ja',
  'ko',
  'hi',
  'fi',
  'sv',
  'nl',
  'et',
  'lv',
  'lt',
] as const;

export interface Specialization {
  id: number;
  main: boolean;
}

// The profile form as typed: numbers stay text until saved.
export interface ProfileDraft {
  headline: string;
  about: string;
  specializations: Specialization[];
  skillIds: number[];
  experience: string;
  countryId: number | null;
  cityId: number | null;
  languages: string[];
  rateAmount: string;
  currency: string;
  available: boolean;
}

export function profileDraft(profile: FreelancerProfile, catalog: CatalogIndex): ProfileDraft {
  return {
    headline: profile.headline,
    about: profile.about,
    specializations: profile.specializations.map((item) => ({ ...item })),
    skillIds: [...profile.skill_ids],
    experience: profile.experience_years === null ? '' : String(profile.experience_years),
    countryId: profile.country_id,
    cityId: profile.city_id,
    languages: [...profile.languages],
    rateAmount:
      profile.rate === null
        ? ''
        : toMajorUnits(profile.rate.amount, catalog.minorUnits(profile.rate.currency)),
    currency: profile.rate?.currency ?? 'RUB',
    available: profile.available,
  };
}

// The category a specialization belongs to.
export function specializationCategory(catalog: CatalogIndex, specializationId: number): number | null {
  const category = catalog.catalog.categories.find((item) =>
    item.specializations.some((spec) => spec.id === specializationId),
  );
  return category?.id ?? null;
}

export function chosenCategories(
  catalog: CatalogIndex,
  specializations: readonly Specialization[],
): number[] {
  const ids = specializations
    .map((item) => specializationCategory(catalog, item.id))
    .filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

// Skills serving any chosen category (all skills before a specialization is chosen), with the chosen ones kept.
export function skillOptions(
  catalog: CatalogIndex,
  specializations: readonly Specialization[],
  keep: readonly number[],
): Option<number>[] {
  const categories = chosenCategories(catalog, specializations);
  if (categories.length === 0) return catalog.skillOptions(null, keep);
  const seen = new Set<number>();
  const options: Option<number>[] = [];
  for (const category of categories) {
    for (const option of catalog.skillOptions(category, keep)) {
      if (seen.has(option.value)) continue;
      seen.add(option.value);
      options.push(option);
    }
  }
  return options.sort((a, b) => a.label.localeCompare(b.label));
}

// A new specialization (at most kMaxSpecializations, each once); the first one is the main one.
export function addSpecialization(items: readonly Specialization[], id: number): Specialization[] {
  if (items.length >= kMaxSpecializations || items.some((item) => item.id === id)) return [...items];
  return [...items, { id, main: items.length === 0 }];
}

// Removing the main one makes the first remaining one the main one: exactly one main while any is chosen.
export function removeSpecialization(items: readonly Specialization[], id: number): Specialization[] {
  const rest = items.filter((item) => item.id !== id);
  if (rest.length === 0 || rest.some((item) => item.main)) return rest;
  return rest.map((item, index) => ({ ...item, main: index === 0 }));
}

export function setMainSpecialization(items: readonly Specialization[], id: number): Specialization[] {
  return items.map((item) => ({ ...item, main: item.id === id }));
}

// After the specializations change: the skills that serve none of the chosen categories are dropped (as the order
// form drops them when its category changes).
export function keepServedSkills(
  catalog: CatalogIndex,
  specializations: readonly Specialization[],
  skillIds: readonly number[],
): number[] {
  const categories = chosenCategories(catalog, specializations);
  if (categories.length === 0) return [...skillIds];
  return skillIds.filter((id) => categories.some((category) => catalog.servesCategory(id, category)));
}

// The form's own checks, by field; the values are keys of the profiles namespace (the server's messages).
export type ProfileProblems = Partial<
  Record<
    'headline' | 'about' | 'specializations' | 'skill_ids' | 'experience_years' | 'city_id' | 'rate',
    string
  >
>;

export function profileProblems(
  draft: ProfileDraft,
  catalog: CatalogIndex,
  language: string,
): ProfileProblems {
  const problems: ProfileProblems = {};
  if (draft.headline.length > kHeadlineMax) problems.headline = 'headline_max';
  if (draft.about.length > kAboutMax) problems.about = 'about_max';
  if (draft.specializations.length > kMaxSpecializations) problems.specializations = 'specializations_max';
  else if (
    draft.specializations.length > 0 &&
    draft.specializations.filter((item) => item.main).length !== 1
  ) {
    problems.specializations = 'main_required';
  }
  if (draft.skillIds.length > kMaxSkills) problems.skill_ids = 'skills_max';
  const experience = draft.experience.trim();
  if (experience !== '' && (!/^\d+$/.test(experience) || Number(experience) > 70)) {
    problems.experience_years = 'experience_range';
  }
  if (draft.cityId !== null) {
    const inCountry = catalog.cityOptions(draft.countryId).some((option) => option.value === draft.cityId);
    if (!inCountry) problems.city_id = 'city_country';
  }
  if (draft.rateAmount.trim() !== '') {
    const amount = toMinorUnits(draft.rateAmount, catalog.minorUnits(draft.currency), language);
    if (amount === null || amount <= 0) problems.rate = 'rate_invalid';
  }
  return problems;
}

export function toProfileInput(
  draft: ProfileDraft,
  catalog: CatalogIndex,
  language: string,
): FreelancerProfileInput {
  const experience = draft.experience.trim();
  const amount =
    draft.rateAmount.trim() === ''
      ? null
      : toMinorUnits(draft.rateAmount, catalog.minorUnits(draft.currency), language);
  return {
    headline: draft.headline.trim(),
    about: draft.about.trim(),
    specializations: draft.specializations,
    skill_ids: draft.skillIds,
    experience_years: experience === '' ? null : Number(experience),
    country_id: draft.countryId,
    city_id: draft.countryId === null ? null : draft.cityId,
    languages: draft.languages,
    rate: amount === null ? null : { amount, currency: draft.currency },
    available: draft.available,
  };
}
