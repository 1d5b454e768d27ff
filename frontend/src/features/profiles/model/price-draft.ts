import type { Price, PriceInput } from '@/lib/api/schema.generated';
import { toMajorUnits, toMinorUnits } from '@/lib/money/money';

export const kPriceUnits = [
  'project',
  'hour',
  'day',
  'month',
  'page',
  'thousand_chars',
  'item',
  'minute',
] as const;

export interface PriceDraft {
  name: string;
  description: string;
  kind: Price['kind'];
  amount: string;
  currency: string;
  unit: Price['unit'];
}

export function priceDraft(price: Price | null, minorUnits: (currency: string) => number): PriceDraft {
  if (price === null)
    return { name: '', description: '', kind: 'fixed', amount: '', currency: 'RUB', unit: 'project' };
  return {
    name: price.name,
    description: price.description,
    kind: price.kind,
    amount: toMajorUnits(price.amount, minorUnits(price.currency)),
    currency: price.currency,
    unit: price.unit,
  };
}

// The price as the API takes it, or the fields the form must fix first (keys of the profiles namespace).
export function toPriceInput(
  draft: PriceDraft,
  minorUnits: (currency: string) => number,
  language: string,
): { input: PriceInput } | { problems: Partial<Record<'name' | 'description' | 'amount', string>> } {
  const problems: Partial<Record<'name' | 'description' | 'amount', string>> = {};
  if (draft.name.trim() === '') problems.name = 'name_required';
  if (draft.description.length > 500) problems.description = 'description_max';
  const amount = toMinorUnits(draft.amount, minorUnits(draft.currency), language);
  if (amount === null || amount <= 0) problems.amount = 'prices.amount_invalid';
  if (Object.keys(problems).length > 0 || amount === null) return { problems };
  return {
    input: {
      name: draft.name.trim(),
      description: draft.description,
      kind: draft.kind,
      amount,
      currency: draft.currency,
      unit: draft.unit,
    },
  };
}
