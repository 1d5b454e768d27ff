import {
  formatFileSize,
  formatNumber,
  formatRelative,
  formatTimeLeft,
  innerQuotes,
} from '@/lib/format/format';

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

const kNow = Date.parse('2026-11-24T12:00:00Z');
const ago = (seconds: number) => new Date(kNow - seconds * 1000).toISOString();

describe('formatRelative', () => {
  it('says how long ago in Russian, with its plurals', () => {
    expect(formatRelative(ago(20), 'ru', kNow)).toBe('в эту минуту');
    expect(formatRelative(ago(60), 'ru', kNow)).toBe('1 минуту назад');
    expect(formatRelative(ago(5 * 60), 'ru', kNow)).toBe('5 минут назад');
    expect(formatRelative(ago(2 * 3600 + 59 * 60), 'ru', kNow)).toBe('2 часа назад');
    expect(formatRelative(ago(21 * 3600), 'ru', kNow)).toBe('21 час назад');
    expect(formatRelative(ago(26 * 3600), 'ru', kNow)).toBe('вчера');
    expect(formatRelative(ago(3 * 86400), 'ru', kNow)).toBe('3 дня назад');
    expect(formatRelative(ago(65 * 86400), 'ru', kNow)).toBe('2 месяца назад');
    expect(formatRelative(ago(800 * 86400), 'ru', kNow)).toBe('2 года назад');
  });

  it('says how long ago in English', () => {
    expect(formatRelative(ago(10), 'en', kNow)).toBe('this minute');
    expect(formatRelative(ago(2 * 3600), 'en', kNow)).toBe('2 hours ago');
    expect(formatRelative(ago(86400), 'en', kNow)).toBe('yesterday');
    expect(formatRelative(ago(14 * 86400), 'en', kNow)).toBe('14 days ago');
  });

  it('says how soon for a moment ahead, and shows an unreadable value as it came', () => {
    expect(formatRelative(ago(-3 * 3600), 'en', kNow)).toBe('in 3 hours');
    expect(formatRelative(ago(-3 * 3600), 'ru', kNow)).toBe('через 3 часа');
    expect(formatRelative('not a date', 'en', kNow)).toBe('not a date');
  });
});

describe('formatTimeLeft', () => {
  it('gives hours and minutes left, none once past', () => {
    expect(formatTimeLeft(ago(-(23 * 3600 + 15 * 60 + 30)), 'ru', kNow)).toBe('23 ч 15 мин');
    expect(formatTimeLeft(ago(-(23 * 3600 + 15 * 60)), 'en', kNow)).toBe('23 hr 15 min');
    expect(formatTimeLeft(ago(-(40 * 60)), 'ru', kNow)).toBe('40 мин');
    expect(formatTimeLeft(ago(60), 'en', kNow)).toBe('0 min');
  });
});
