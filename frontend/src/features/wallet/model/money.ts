import { toMinorUnits } from '@/lib/money/money';

// The wallet's currencies and their digits (the server's wallet.currencies).
export const kWalletCurrencies = ['RUB', 'USD', 'EUR', 'KZT'] as const;
export type WalletCurrencyCode = (typeof kWalletCurrencies)[number];
export const kWalletDigits = 2;

// A decimal amount of the API ("-1500.50") in the language's money format ("−1 500,50 ₽", "-$1,500.50").
export function formatAmount(amount: string, currency: string, language: string, signed = false): string {
  const value = Number(amount);
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: kWalletDigits,
      maximumFractionDigits: kWalletDigits,
      signDisplay: signed ? 'exceptZero' : 'auto',
    }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}

// What the user typed ("1 500,50" in Russian, "1,500.50" in English) as the API's decimal string ("1500.50").
// Text that is not an amount is sent as typed (trimmed), so the server's 422 says what is wrong with it.
export function toDecimalString(typed: string, language: string): string {
  const minor = toMinorUnits(typed, kWalletDigits, language);
  return minor === null ? typed.trim() : decimalOf(minor);
}

// Minor units (kopecks) as the API's decimal string: 150050 → "1500.50".
function decimalOf(minor: number): string {
  const scale = 10 ** kWalletDigits;
  return `${Math.trunc(minor / scale)}.${String(minor % scale).padStart(kWalletDigits, '0')}`;
}

// What is missing to pay `needed` from `available` (both the API's decimal strings, "1500.50"), as such a string;
// null when nothing is missing or an amount is not one.
export function shortfall(available: string, needed: string): string | null {
  const minor = (amount: string) => toMinorUnits(amount, kWalletDigits, 'en');
  const have = available.startsWith('-') ? 0 : minor(available);
  const want = minor(needed);
  if (have === null || want === null || want <= have) return null;
  return decimalOf(want - have);
}

// The API's decimal string as a person types it in the language: "499,50" in Russian, "499.50" in English.
export function toTypedAmount(decimal: string, language: string): string {
  return language === 'ru' ? decimal.replace('.', ',') : decimal;
}

// A fresh Idempotency-Key: one per payment the user means, reused when the same request is retried.
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
