import type { TFunction } from 'i18next';

import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { formatMoney } from '@/lib/money/money';

// How a resume's facts read in a card and on its page.

export function salaryText(
  salary: { amount: number; currency: string } | null,
  catalog: CatalogIndex,
  lang: string,
): string | null {
  return salary === null ? null : formatMoney(salary, catalog.minorUnits(salary.currency), lang);
}

// "3 years 2 months" / "3 года 2 месяца" (plurals from the catalogue).
export function experienceText(months: number, t: TFunction<'resumes'>): string {
  if (months <= 0) return t('resume.no_experience');
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [
    years > 0 ? t('resume.years', { count: years }) : null,
    rest > 0 ? t('resume.months', { count: rest }) : null,
  ]
    .filter((part) => part !== null)
    .join(' ');
}
