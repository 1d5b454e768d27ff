import { formatMoney, toMajorUnits, toMinorUnits } from '@/lib/money/money';

describe('money in minor units', () => {
  it.each([
    ['1500', 2, 150000],
    ['1500.5', 2, 150050],
    ['1 500,25', 2, 150025],
    ['0.01', 2, 1],
    ['700', 0, 700],
  ])('reads %s with %i minor digits as %i', (text, digits, minor) => {
    expect(toMinorUnits(text, digits)).toBe(minor);
  });

  it.each([
    ['1,200.50', 'en', 120050],
    ['1,200', 'en', 120000],
    ['12,345,678', 'en', 1234567800],
    ['1500,5', 'en', 150050],
    ['1 200,50', 'ru', 120050],
    ['1\u00a0200,50', 'ru', 120050],
    ['1200.5', 'ru', 120050],
    ['1,200.50', 'ru', 120050],
    ['1,5', 'ru', 150],
  ])('reads %s typed in %s as %i', (text, language, minor) => {
    expect(toMinorUnits(text, 2, language)).toBe(minor);
  });

  it.each([
    ['1,200', 'ru'],
    ['1,2,3', 'en'],
    ['1.200,50', 'en'],
  ])('rejects %s typed in %s', (text, language) => {
    expect(toMinorUnits(text, 2, language)).toBeNull();
  });

  it.each(['', 'abc', '-5', '1.234', '1e3'])('rejects %s', (text) => {
    expect(toMinorUnits(text, 2)).toBeNull();
  });

  it('shows major units back without trailing zeros', () => {
    expect(toMajorUnits(150000, 2)).toBe('1500');
    expect(toMajorUnits(150050, 2)).toBe('1500.5');
    expect(toMajorUnits(1, 2)).toBe('0.01');
    expect(toMajorUnits(700, 0)).toBe('700');
  });

  it('round-trips', () => {
    for (const minor of [1, 99, 100, 123456, 1000000]) {
      expect(toMinorUnits(toMajorUnits(minor, 2), 2)).toBe(minor);
    }
  });

  it('formats with the currency in the interface language', () => {
    expect(formatMoney({ amount: 150000, currency: 'USD' }, 2, 'en')).toBe('$1,500');
    expect(formatMoney({ amount: 150050, currency: 'RUB' }, 2, 'ru')).toMatch(/1\s500,50\s₽/);
  });
});
