import type { Money } from '@/lib/api/schema.generated';

// The API counts money in integer minor units (kopecks, cents); people read and type major units.

export function toMinorUnits(major: string, minorUnits: number): number | null {
  const text = major.trim().replace(/\s/g, '').replace(',', '.');
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
