import type { Resume, ResumeFields } from '@/lib/api/schema.generated';
import { toMajorUnits, toMinorUnits } from '@/lib/money/money';

// The resume form's state (the typed text as typed) and its conversion to the API's ResumeInput (the contract of
// docs/api/openapi.yaml, tag resumes), checked against the database's limits (db/migrations/resumes/0025).

export const kEmployments = ['full', 'part', 'project', 'volunteer', 'internship'] as const;
export const kSchedules = ['full_day', 'shift', 'flexible', 'remote', 'rotation'] as const;
export const kEducationLevels = ['secondary', 'vocational', 'higher'] as const;
export const kLanguageLevels = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'native'] as const;
// ISO 639-1 codes offered in the languages field (named in the interface language by Intl.DisplayNames).
export const kLanguageCodes = [
  'ru',
  'en',
  'de',
  'fr',
  'es',
  'it',
  'zh',
  'ja',
  'ko',
  'ar',
  'tr',
  'uk',
  'be',
  'kk',
  'uz',
  'ky',
  'tg',
  'hy',
  'ka',
  'az',
  'pl',
  'pt',
] as const;
export const kMaxExperience = 20;
export const kMaxEducation = 10;
export const kMaxLanguages = 10;
export const kMaxSpecializations = 5;
export const kPositionLength = { min: 2, max: 150 };

export type Employment = (typeof kEmployments)[number];
export type Schedule = (typeof kSchedules)[number];
export type EducationLevel = (typeof kEducationLevels)[number];
export type LanguageLevel = (typeof kLanguageLevels)[number];
export type Visibility = 'public' | 'responded';

export interface ExperienceDraft {
  // A stable key for the list (a saved entry's id, or a made-up one for a new entry).
  key: string;
  company: string;
  position: string;
  // "YYYY-MM" as the month input gives it.
  start: string;
  end: string;
  now: boolean;
  description: string;
}

export interface EducationDraft {
  key: string;
  level: EducationLevel;
  institution: string;
  specialty: string;
  year: string;
}

export interface LanguageDraft {
  key: string;
  code: string;
  level: LanguageLevel;
}

export interface ResumeDraft {
  position: string;
  categoryId: number | null;
  specializationIds: number[];
  salary: string;
  currency: string;
  employments: Employment[];
  schedules: Schedule[];
  experience: ExperienceDraft[];
  education: EducationDraft[];
  skillIds: number[];
  languages: LanguageDraft[];
  about: string;
  citizenshipId: number | null;
  countryId: number | null;
  cityId: number | null;
  relocate: boolean;
  businessTrips: boolean;
  visibility: Visibility;
}

// What the API takes (ResumeInput without `publish`, which the submit button adds) and gives back.
export type { Resume as SavedResume, ResumeFields } from '@/lib/api/schema.generated';

export type DraftError =
  | 'position_short'
  | 'category_required'
  | 'salary_invalid'
  | 'company_required'
  | 'job_position_required'
  | 'start_required'
  | 'end_required'
  | 'end_before_start'
  | 'institution_required'
  | 'year_invalid';

// Errors keyed by the server's field names (`experience.0.company`), so one message slot serves both.
export type DraftErrors = Record<string, DraftError>;

let nextKey = 0;
export function newKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

export function emptyExperience(): ExperienceDraft {
  return { key: newKey(), company: '', position: '', start: '', end: '', now: false, description: '' };
}

export function emptyEducation(): EducationDraft {
  return { key: newKey(), level: 'higher', institution: '', specialty: '', year: '' };
}

export function emptyLanguage(): LanguageDraft {
  return { key: newKey(), code: 'en', level: 'b1' };
}

export function emptyResumeDraft(): ResumeDraft {
  return {
    position: '',
    categoryId: null,
    specializationIds: [],
    salary: '',
    // SPEC §9: the rouble unless the applicant picks another currency.
    currency: 'RUB',
    employments: [],
    schedules: [],
    experience: [],
    education: [],
    skillIds: [],
    languages: [],
    about: '',
    citizenshipId: null,
    countryId: null,
    cityId: null,
    relocate: false,
    businessTrips: false,
    visibility: 'public',
  };
}

export function draftOfResume(resume: Resume, minorUnits: (currency: string) => number): ResumeDraft {
  return {
    position: resume.position,
    categoryId: resume.category_id,
    specializationIds: [...resume.specialization_ids],
    salary:
      resume.salary === null ? '' : toMajorUnits(resume.salary.amount, minorUnits(resume.salary.currency)),
    currency: resume.salary?.currency ?? 'RUB',
    employments: [...resume.employments],
    schedules: [...resume.schedules],
    experience: resume.experience.map((entry) => ({
      key: `id-${entry.id}`,
      company: entry.company,
      position: entry.position,
      start: entry.start,
      end: entry.end ?? '',
      now: entry.end === null,
      description: entry.description,
    })),
    education: resume.education.map((entry) => ({
      key: newKey(),
      level: entry.level,
      institution: entry.institution,
      specialty: entry.specialty,
      year: entry.graduation_year === null ? '' : String(entry.graduation_year),
    })),
    skillIds: [...resume.skill_ids],
    languages: resume.languages.map((entry) => ({ key: newKey(), code: entry.code, level: entry.level })),
    about: resume.about,
    citizenshipId: resume.citizenship_id,
    countryId: resume.country_id,
    cityId: resume.city_id,
    relocate: resume.relocate,
    businessTrips: resume.business_trips,
    visibility: resume.visibility,
  };
}

const kMonth = /^\d{4}-(0[1-9]|1[0-2])$/;

// Moves an entry one place up (-1) or down (+1); out of range leaves the list as it is.
export function move<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

// Checks what the form must before sending; a publish checks the same as a draft (the server decides the rest).
export function toResumeFields(
  draft: ResumeDraft,
  minorUnits: number,
  language: string,
): { fields: ResumeFields; errors: null } | { fields: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const position = draft.position.trim();
  if (position.length < kPositionLength.min) errors.position = 'position_short';
  if (draft.categoryId === null) errors.category_id = 'category_required';
  let salary: { amount: number; currency: string } | null = null;
  if (draft.salary.trim() !== '') {
    const amount = toMinorUnits(draft.salary, minorUnits, language);
    if (amount === null || amount <= 0) errors.salary = 'salary_invalid';
    else salary = { amount, currency: draft.currency };
  }
  draft.experience.forEach((entry, index) => {
    const at = `experience.${index}`;
    if (entry.company.trim() === '') errors[`${at}.company`] = 'company_required';
    if (entry.position.trim() === '') errors[`${at}.position`] = 'job_position_required';
    if (!kMonth.test(entry.start)) errors[`${at}.start`] = 'start_required';
    if (!entry.now) {
      if (!kMonth.test(entry.end)) errors[`${at}.end`] = 'end_required';
      else if (kMonth.test(entry.start) && entry.end < entry.start) errors[`${at}.end`] = 'end_before_start';
    }
  });
  draft.education.forEach((entry, index) => {
    const at = `education.${index}`;
    if (entry.institution.trim() === '') errors[`${at}.institution`] = 'institution_required';
    const year = entry.year.trim();
    if (year !== '' && !(/^\d{4}$/.test(year) && Number(year) >= 1940 && Number(year) <= 2100))
      errors[`${at}.graduation_year`] = 'year_invalid';
  });
  if (Object.keys(errors).length > 0 || draft.categoryId === null) return { fields: null, errors };
  return {
    errors: null,
    fields: {
      position,
      category_id: draft.categoryId,
      specialization_ids: draft.specializationIds,
      salary,
      employments: draft.employments,
      schedules: draft.schedules,
      experience: draft.experience.map((entry) => ({
        company: entry.company.trim(),
        position: entry.position.trim(),
        start: entry.start,
        end: entry.now ? null : entry.end,
        description: entry.description.trim(),
      })),
      education: draft.education.map((entry) => ({
        level: entry.level,
        institution: entry.institution.trim(),
        specialty: entry.specialty.trim(),
        graduation_year: entry.year.trim() === '' ? null : Number(entry.year.trim()),
      })),
      skill_ids: draft.skillIds,
      languages: draft.languages.map(({ code, level }) => ({ code, level })),
      about: draft.about.trim(),
      citizenship_id: draft.citizenshipId,
      country_id: draft.countryId,
      city_id: draft.cityId,
      relocate: draft.relocate,
      business_trips: draft.businessTrips,
      visibility: draft.visibility,
    },
  };
}
