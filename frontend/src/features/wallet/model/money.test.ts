import { describe, expect, it } from 'vitest';

import { formatAmount, shortfall, toDecimalString, toTypedAmount } from '@/features/wallet/model/money';

describe('wallet money', () => {
  it('reads what people type in each language as the API decimal', () => {
    expect(toDecimalString('1500', 'en')).toBe('1500.00');
    expect(toDecimalString('1 500,5', 'ru')).toBe('1500.50');
    expect(toDecimalString('1,500.25', 'en')).toBe('1500.25');
    expect(toDecimalString('0.07', 'en')).toBe('0.07');
  });

  it('leaves what is not an amount to the server', () => {
    expect(toDecimalString(' abc ', 'en')).toBe('abc');
    expect(toDecimalString('1.234', 'en')).toBe('1.234');
    expect(toDecimalString('-5', 'en')).toBe('-5');
  });

  it('formats amounts with Intl for the language', () => {
    expect(formatAmount('1500.00', 'USD', 'en')).toBe('$1,500.00');
    expect(formatAmount('1500.00', 'RUB', 'ru').replace(/\s/g, ' ')).toBe('1 500,00 ₽');
    expect(formatAmount('-20.50', 'EUR', 'en', true)).toBe('-€20.50');
    expect(formatAmount('20.50', 'EUR', 'en', true)).toBe('+€20.50');
  });

  it('says what is missing to pay an amount, in the API form and as a person types it', () => {
    expect(shortfall('400.00', '1000.00')).toBe('600.00');
    expect(shortfall('0.00', '0.07')).toBe('0.07');
    expect(shortfall('999.99', '1000.00')).toBe('0.01');
    expect(shortfall('1000.00', '1000.00')).toBeNull();
    expect(shortfall('5000.00', '1000.00')).toBeNull();
    expect(shortfall('-10.00', '5.50')).toBe('5.50');
    expect(shortfall('abc', '5.50')).toBeNull();
    expect(toTypedAmount('499.50', 'ru')).toBe('499,50');
    expect(toTypedAmount('499.50', 'en')).toBe('499.50');
    expect(toDecimalString(toTypedAmount('499.50', 'ru'), 'ru')).toBe('499.50');
  });
});
