import type { TFunction } from 'i18next';

import type { Salary } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { formatMoney } from '@/lib/money/money';

// "150 000 – 200 000 ₽ before tax", "from 90 000 ₽", or "Salary by agreement": a vacancy's salary wherever it
// is shown (the vacancy's card and page, the home page).
export function salaryText(
  salary: Salary | null,
  catalog: CatalogIndex,
  lang: string,
  t: TFunction<['vacancies', 'jobs']>,
): string {
  if (salary === null || (salary.from === null && salary.to === null)) return t('jobs:salary.by_agreement');
  const units = catalog.minorUnits(salary.currency);
  const money = (amount: number) => formatMoney({ amount, currency: salary.currency }, units, lang);
  const range =
    salary.from !== null && salary.to !== null
      ? t('vacancies:vacancy.salary_from_to', { from: money(salary.from), to: money(salary.to) })
      : salary.from !== null
        ? t('vacancies:vacancy.salary_from_only', { from: money(salary.from) })
        : t('vacancies:vacancy.salary_to_only', { to: money(salary.to ?? 0) });
  return `${range} ${salary.gross ? t('jobs:salary.gross') : t('jobs:salary.net')}`;
}
