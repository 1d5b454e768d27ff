import { formatFileSize, formatNumber, innerQuotes } from '@/lib/format/format';

describe('locale number formatting', () => {
  it('writes the decimal sign of the language', () => {
    expect(formatNumber(4, 'ru', 1)).toBe('4,0');
    expect(formatNumber(4, 'en', 1)).toBe('4.0');
    expect(formatNumber(4.25, 'ru', 1)).toBe('4,3');
  });

  it('writes file sizes in the language', () => {
    expect(formatFileSize(1.5 * 1024 * 1024, 'ru')).toBe('1,5 МБ');
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(2048, 'en')).toBe('2 kB');
  });
});

describe('inner quotes', () => {
  it('turns quotes inside a quoted title into the inner pair', () => {
    expect(innerQuotes('Лендинг «Кофе»', 'ru')).toBe('Лендинг „Кофе“');
    expect(innerQuotes('Landing “Coffee”', 'en')).toBe('Landing ‘Coffee’');
    expect(innerQuotes('Plain', 'ru')).toBe('Plain');
  });
});
