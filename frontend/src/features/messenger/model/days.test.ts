import { dayLabel, dayStarts } from '@/features/messenger/model/days';

const kWords = {
  ru: { today: 'Сегодня', yesterday: 'Вчера' },
  en: { today: 'Today', yesterday: 'Yesterday' },
};

describe('chat day separators', () => {
  const now = new Date(2026, 10, 29, 10, 0);

  it('reads today, yesterday, a day of this year and of another year in both languages', () => {
    expect(dayLabel(new Date(2026, 10, 29, 0, 5).toISOString(), 'ru', kWords.ru, now)).toBe('Сегодня');
    expect(dayLabel(new Date(2026, 10, 28, 23, 59).toISOString(), 'en', kWords.en, now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 27, 12, 0).toISOString(), 'ru', kWords.ru, now)).toBe('27 ноября');
    expect(dayLabel(new Date(2026, 10, 27, 12, 0).toISOString(), 'en', kWords.en, now)).toBe('November 27');
    expect(dayLabel(new Date(2025, 2, 8, 12, 0).toISOString(), 'ru', kWords.ru, now)).toBe('8 марта 2025 г.');
  });

  it('starts a day at the first message and at every change of the local date', () => {
    const times = [
      new Date(2026, 10, 27, 9, 0),
      new Date(2026, 10, 27, 23, 59),
      new Date(2026, 10, 28, 0, 1),
      new Date(2026, 10, 29, 8, 0),
      new Date(2026, 10, 29, 9, 0),
    ].map((date) => date.toISOString());
    expect([...dayStarts(times)]).toEqual([0, 2, 3]);
    expect([...dayStarts([])]).toEqual([]);
  });
});
