// Reading a list's filters from its URL query (orders, freelancers): a value that is not one the list knows
// reads as "no filter", so a hand-edited or stale link still opens the list.

export function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export function idOf(value: string | null): number | null {
  return value !== null && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}

// An amount in major units as typed in a range filter ("1000", "2500.5"); '' when absent or malformed.
export function amountOf(value: string | null): string {
  return value !== null && /^\d+(\.\d{1,2})?$/.test(value) ? value : '';
}

// A typed amount as the URL keeps it: trimmed, a decimal comma read as a point.
export function typedAmount(value: string): string {
  return value.trim().replace(',', '.');
}

export function currencyOf(value: string | null, fallback: string): string {
  return value !== null && /^[A-Z]{3}$/.test(value) ? value : fallback;
}

// A flag filter (?portfolio=true): only "true" turns it on.
export function flagOf(value: string | null): boolean {
  return value === 'true';
}
