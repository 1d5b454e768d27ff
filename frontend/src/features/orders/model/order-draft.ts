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
}

export const kMaxSkills = 10;
export const kMaxAttachments = 10;

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
  };
}

export type OrderDraftError = 'amount_invalid' | 'deadline_required';

// Only what the form must know before sending (amount format, a deadline or "by agreement"); everything else
// is the server's to judge, and its 422 messages appear under their fields.
export function toOrderInput(
  draft: OrderDraft,
  attachmentIds: number[],
  minorUnits: number,
):
  | { input: OrderInput; errors: null }
  | { input: null; errors: Partial<Record<'budget' | 'deadline_at', OrderDraftError>> } {
  const errors: Partial<Record<'budget' | 'deadline_at', OrderDraftError>> = {};
  let budget: OrderInput['budget'] = null;
  if (!draft.budgetByAgreement) {
    const amount = toMinorUnits(draft.budgetAmount, minorUnits);
    if (amount === null || amount < 1) errors.budget = 'amount_invalid';
    else budget = { amount, currency: draft.currency };
  }
  if (!draft.deadlineByAgreement && draft.deadline === null) errors.deadline_at = 'deadline_required';
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
    },
    errors: null,
  };
}
