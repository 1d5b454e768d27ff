import type primereact from '@catalog/en/primereact.json';
import type { i18n as I18n } from 'i18next';
import { addLocale, locale, localeOptions, type LocaleOptions } from 'primereact/api';

import { kLanguages } from '@/lib/i18n/languages';

// PrimeReact's own texts (date picker, dropdowns, screen-reader labels) come from the `primereact` namespace
// (i18n/{en,ru}/primereact.json, every key of PrimeReact's locale). The catalogues hold only strings and objects
// (the server reads the same folder), so the lists are objects in PrimeReact's order and the flags are strings.
type PrimeTexts = typeof primereact;

const kDays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const kMonths = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
const kSizes = ['b', 'kb', 'mb', 'gb', 'tb', 'pb', 'eb', 'zb', 'yb'] as const;

function list<Key extends string>(keys: readonly Key[], texts: Record<Key, string>): string[] {
  return keys.map((key) => texts[key]);
}

export function toPrimeLocale(texts: PrimeTexts): LocaleOptions {
  return {
    ...texts,
    dayNames: list(kDays, texts.dayNames),
    dayNamesMin: list(kDays, texts.dayNamesMin),
    dayNamesShort: list(kDays, texts.dayNamesShort),
    monthNames: list(kMonths, texts.monthNames),
    monthNamesShort: list(kMonths, texts.monthNamesShort),
    fileSizeTypes: list(kSizes, texts.fileSizeTypes),
    firstDayOfWeek: Number(texts.firstDayOfWeek),
    showMonthAfterYear: texts.showMonthAfterYear === 'true',
  } as LocaleOptions;
}

// Every interface language exists in PrimeReact from the start (as English until its texts arrive), so a
// component never meets an unknown locale.
export function registerPrimeLocales(): void {
  for (const language of kLanguages) {
    if ((localeOptions(language) as LocaleOptions | undefined) === undefined) addLocale(language, {});
  }
}

// Installs the language's texts and makes it PrimeReact's current locale. i18next calls it on every language
// change, after the language's namespaces (primereact among the initial ones) have loaded and before React
// re-renders, so the pages render with it.
export function applyPrimeLocale(instance: I18n, language: string): void {
  const texts = instance.getResourceBundle(language, 'primereact') as PrimeTexts | undefined;
  if (texts === undefined || Object.keys(texts).length === 0) return;
  addLocale(language, toPrimeLocale(texts));
  locale(language);
}
