import type { Money } from '@/lib/api/schema.generated';

// The API counts money in integer minor units (kopecks, cents); people read and type major units.

// What people type: digits with the language's separators. Spaces (also no-break ones) group thousands in
// both languages; en groups with commas too ("1,200.50") and ru writes the decimal comma ("1 200,50"). A lone
// comma in en that does not group thousands ("1500,5") is read as a decimal comma, and ru accepts the en form
// with both separators.
export function toMinorUnits(major: string, minorUnits: number, language = 'en'): number | null {
  let text = major.trim().replace(/\s/g, '');
  const enGrouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text);
  if (enGrouped && (language !== 'ru' || text.includes('.'))) text = text.replace(/,/g, '');
  else if (!text.includes('.')) text = text.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > minorUnits) return null;
  const scale = 10 ** minorUnits;
  return Number(whole) * scale + Number(fraction.padEnd(minorUnits, '0') || '0');
}

export function toMajorUnits(minor: number, minorUnits: number): string {
  const scale = 10 ** minorUnits;
  const whole = Math.trunc(minor / scale);
  const fraction = minor % scale;
  if (fraction === 0) return String(whole);
  return `${whole}.${String(fraction).padStart(minorUnits, '0').replace(/0+$/, '')}`;
}

export function formatMoney(money: Money, minorUnits: number, language: string): string {
  const major = money.amount / 10 ** minorUnits;
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: money.currency,
      maximumFractionDigits: money.amount % 10 ** minorUnits === 0 ? 0 : minorUnits,
    }).format(major);
  } catch {
    return `${major} ${money.currency}`;
  }
}
