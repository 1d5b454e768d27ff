import { pickLanguage, swapLanguagePrefix, withoutLanguagePrefix } from '@/lib/i18n/languages';

describe('language choice for the bare /', () => {
  it('prefers the saved choice', () => {
    expect(pickLanguage('ru', ['en-US'])).toBe('ru');
  });

  it('falls back to the browser languages in order', () => {
    expect(pickLanguage(null, ['de-DE', 'ru-RU', 'en'])).toBe('ru');
    expect(pickLanguage('xx', ['en-GB'])).toBe('en');
  });

  it('defaults to en', () => {
    expect(pickLanguage(null, ['de', 'fr'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
});

describe('swapLanguagePrefix', () => {
  it('swaps only the prefix', () => {
    expect(swapLanguagePrefix('/en/settings/12/personal-data', 'ru')).toBe('/ru/settings/12/personal-data');
    expect(swapLanguagePrefix('/ru', 'en')).toBe('/en');
    expect(swapLanguagePrefix('/ru/', 'en')).toBe('/en/');
    expect(swapLanguagePrefix('/en/entry', 'ru')).toBe('/ru/entry');
  });
});

describe('withoutLanguagePrefix', () => {
  it('is the same page in both languages', () => {
    expect(withoutLanguagePrefix('/ru/create-order')).toBe(withoutLanguagePrefix('/en/create-order'));
    expect(withoutLanguagePrefix('/en/order/5')).toBe('/order/5');
    expect(withoutLanguagePrefix('/ru')).toBe('/');
  });
});
