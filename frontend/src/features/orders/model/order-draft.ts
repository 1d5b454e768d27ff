import type { OrderDetail, OrderInput, PaymentOption } from '@/lib/api/schema.generated';
import { toMajorUnits, toMinorUnits } from '@/lib/money/money';

// The order form's state; money in major units as typed.
export interface OrderDraft {
  name: string;
  description: string;
  categoryId: number | null;
  specializationId: number | null;
  skillIds: number[];
  budgetByAgreement: boolean;
  budgetAmount: string;
  currency: string;
  deadlineByAgreement: boolean;
  deadline: Date | null;
  payment: PaymentOption;
  countryId: number | null;
  cityId: number | null;
  // Only performers with a portfolio may bid (the order's portfolio_required).
  portfolioRequired: boolean;
}

export const kMaxSkills = 10;
export const kMaxAttachments = 10;
// The server's limits (libs/orders/src/input.cpp), in characters of the trimmed text.
export const kNameLength = { min: 5, max: 200 } as const;
export const kDescriptionLength = { min: 20, max: 20000 } as const;

// Characters as the server counts them (code points, not UTF-16 units).
export function textLength(text: string): number {
  return [...text.trim()].length;
}

// A picked deadline day ends at 23:59 local time: the order stays open through the day the customer chose.
export function endOfDay(day: Date): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 0, 0);
}

export function emptyOrderDraft(currency: string): OrderDraft {
  return {
    name: '',
    description: '',
    categoryId: null,
    specializationId: null,
    skillIds: [],
    budgetByAgreement: false,
    budgetAmount: '',
    currency,
    deadlineByAgreement: false,
    deadline: null,
    payment: 'no_prepayment',
    countryId: null,
    cityId: null,
    portfolioRequired: false,
  };
}

export function draftOfOrder(order: OrderDetail, minorUnits: (currency: string) => number): OrderDraft {
  return {
    name: order.name,
    description: order.description,
    categoryId: order.category_id,
    specializationId: order.specialization_id,
    skillIds: order.skill_ids,
    budgetByAgreement: order.budget === null,
    budgetAmount:
      order.budget === null ? '' : toMajorUnits(order.budget.amount, minorUnits(order.budget.currency)),
    currency: order.budget?.currency ?? 'RUB',
    deadlineByAgreement: order.deadline_at === null,
    deadline: order.deadline_at === null ? null : new Date(order.deadline_at),
    payment: order.payment_option,
    countryId: order.country_id,
    cityId: order.city_id,
    portfolioRequired: order.portfolio_required,
  };
}

export type OrderDraftError =
  | 'name_required'
  | 'name_short'
  | 'description_required'
  | 'description_short'
  | 'category_required'
  | 'amount_invalid'
  | 'deadline_required'
  | 'deadline_past';

// The server fields the form checks itself.
export type CheckedField = 'name' | 'description' | 'category_id' | 'budget' | 'deadline_at';
export type OrderDraftErrors = Partial<Record<CheckedField, OrderDraftError>>;

// A deadline already past, as the form shows it while the customer picks or types one.
export function deadlineError(draft: OrderDraft, now: Date): OrderDraftError | undefined {
  if (draft.deadlineByAgreement || draft.deadline === null) return undefined;
  return draft.deadline.getTime() <= now.getTime() ? 'deadline_past' : undefined;
}

// Every rule the server applies that the form can know, checked at once so one submit shows every problem
// (the server stays the authority: its 422 messages still appear under their fields).
export function checkOrderDraft(draft: OrderDraft, minorUnits: number, language: string, now: Date) {
  const errors: OrderDraftErrors = {};
  const name = textLength(draft.name);
  if (name === 0) errors.name = 'name_required';
  else if (name < kNameLength.min) errors.name = 'name_short';
  const description = textLength(draft.description);
  if (description === 0) errors.description = 'description_required';
  else if (description < kDescriptionLength.min) errors.description = 'description_short';
  if (draft.categoryId === null) errors.category_id = 'category_required';
  let budget: OrderInput['budget'] = null;
  if (!draft.budgetByAgreement) {
    const amount = toMinorUnits(draft.budgetAmount, minorUnits, language);
    if (amount === null || amount < 1) errors.budget = 'amount_invalid';
    else budget = { amount, currency: draft.currency };
  }
  if (!draft.deadlineByAgreement && draft.deadline === null) errors.deadline_at = 'deadline_required';
  const past = deadlineError(draft, now);
  if (past !== undefined) errors.deadline_at = past;
  return { errors, budget };
}

export function toOrderInput(
  draft: OrderDraft,
  attachmentIds: number[],
  minorUnits: number,
  language = 'en',
  now = new Date(),
): { input: OrderInput; errors: null } | { input: null; errors: OrderDraftErrors } {
  const { errors, budget } = checkOrderDraft(draft, minorUnits, language, now);
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    input: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      category_id: draft.categoryId ?? 0,
      specialization_id: draft.specializationId,
      skill_ids: draft.skillIds.slice(0, kMaxSkills),
      budget,
      deadline_at: draft.deadlineByAgreement || draft.deadline === null ? null : draft.deadline.toISOString(),
      payment_option: draft.payment,
      country_id: draft.countryId,
      city_id: draft.countryId === null ? null : draft.cityId,
      attachment_ids: attachmentIds,
      portfolio_required: draft.portfolioRequired,
    },
    errors: null,
  };
}
