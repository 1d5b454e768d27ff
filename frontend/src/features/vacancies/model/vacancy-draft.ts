import type { Vacancy, VacancyInput, VacancyPatch } from '@/lib/api/schema.generated';
import { toMajorUnits, toMinorUnits } from '@/lib/money/money';

// The vacancy form as typed (amounts as text in major units), checked at once, converted on submit.
export interface VacancyDraft {
  companyId: number | null;
  title: string;
  categoryId: number | null;
  specializationId: number | null;
  description: string;
  skillIds: number[];
  salaryFrom: string;
  salaryTo: string;
  currency: string;
  gross: boolean;
  employment: VacancyInput['employment'];
  schedule: VacancyInput['schedule'];
  experience: VacancyInput['experience'];
  education: VacancyInput['education'];
  country: number | null;
  city: number | null;
  address: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
}

export type DraftError = 'required' | 'amount_invalid' | 'range_invalid';

export function draftOfVacancy(
  vacancy: Vacancy | null,
  units: (currency: string) => number,
  companyId: number | null,
): VacancyDraft {
  const salary = vacancy?.salary ?? null;
  const currency = salary?.currency ?? 'RUB';
  const major = (amount: number | null | undefined) =>
    amount === null || amount === undefined ? '' : toMajorUnits(amount, units(currency));
  return {
    companyId: vacancy?.company.id ?? companyId,
    title: vacancy?.title ?? '',
    categoryId: vacancy?.category_id ?? null,
    specializationId: vacancy?.specialization_id ?? null,
    description: vacancy?.description ?? '',
    skillIds: vacancy?.skill_ids ?? [],
    salaryFrom: major(salary?.from),
    salaryTo: major(salary?.to),
    currency,
    gross: salary?.gross ?? false,
    employment: vacancy?.employment ?? 'full',
    schedule: vacancy?.schedule ?? 'full_day',
    experience: vacancy?.experience ?? '1_3',
    education: vacancy?.education ?? 'any',
    country: vacancy?.country_id ?? null,
    city: vacancy?.city_id ?? null,
    address: vacancy?.address ?? '',
    contactName: vacancy?.contact?.name ?? '',
    contactEmail: vacancy?.contact?.email ?? '',
    contactPhone: vacancy?.contact?.phone ?? '',
  };
}

function amount(text: string, minorUnits: number, language: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const value = toMinorUnits(text, minorUnits, language);
  return value === null || value <= 0 ? 'invalid' : value;
}

// The form's own checks; keys are the API's field names, so the server's 422 lands under the same fields.
export function checkVacancyDraft(
  draft: VacancyDraft,
  minorUnits: number,
  language: string,
): Partial<Record<string, DraftError>> {
  const errors: Partial<Record<string, DraftError>> = {};
  if (draft.companyId === null) errors.company_id = 'required';
  if (draft.title.trim() === '') errors.title = 'required';
  if (draft.categoryId === null) errors.category_id = 'required';
  if (draft.description.trim() === '') errors.description = 'required';
  const from = amount(draft.salaryFrom, minorUnits, language);
  const to = amount(draft.salaryTo, minorUnits, language);
  if (from === 'invalid') errors['salary.from'] = 'amount_invalid';
  if (to === 'invalid') errors['salary.to'] = 'amount_invalid';
  if (typeof from === 'number' && typeof to === 'number' && from > to) errors['salary.to'] = 'range_invalid';
  return errors;
}

export function toVacancyPatch(draft: VacancyDraft, minorUnits: number, language: string): VacancyPatch {
  const from = amount(draft.salaryFrom, minorUnits, language);
  const to = amount(draft.salaryTo, minorUnits, language);
  const salary =
    typeof from !== 'number' && typeof to !== 'number'
      ? null
      : {
          from: typeof from === 'number' ? from : null,
          to: typeof to === 'number' ? to : null,
          currency: draft.currency,
          gross: draft.gross,
        };
  return {
    title: draft.title.trim(),
    category_id: draft.categoryId ?? 0,
    specialization_id: draft.specializationId,
    description: draft.description.trim(),
    skill_ids: draft.skillIds,
    salary,
    employment: draft.employment,
    schedule: draft.schedule,
    experience: draft.experience,
    education: draft.education,
    country_id: draft.country,
    city_id: draft.country === null ? null : draft.city,
    address: draft.address.trim(),
    contact: {
      name: draft.contactName.trim(),
      email: draft.contactEmail.trim(),
      phone: draft.contactPhone.trim(),
    },
  };
}

export function toVacancyInput(
  draft: VacancyDraft,
  minorUnits: number,
  language: string,
  publish: boolean,
): VacancyInput {
  const patch = toVacancyPatch(draft, minorUnits, language);
  return {
    ...patch,
    company_id: draft.companyId ?? 0,
    title: patch.title ?? '',
    category_id: patch.category_id ?? 0,
    description: patch.description ?? '',
    employment: draft.employment,
    schedule: draft.schedule,
    experience: draft.experience,
    education: draft.education,
    publish,
  };
}
