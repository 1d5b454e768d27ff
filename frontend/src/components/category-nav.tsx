import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import type { CatalogIndex } from '@/lib/catalog/catalog-index';

export interface CategoryCounts {
  total: number;
  categories: { category_id: number; count: number }[];
}

export interface CategoryNavProps {
  catalog: CatalogIndex;
  // undefined while the counts load (the numbers stay blank).
  counts: CategoryCounts | undefined;
  // The list's address in a category (undefined: all categories).
  to: (code: string | undefined) => string;
}

// The category sidebar of a list (orders, freelancers) with how many items each category has under the
// current filters; a row of chips on a phone (marketplace.css).
export function CategoryNav({ catalog, counts, to }: CategoryNavProps) {
  const { t } = useTranslation('orders');
  const countOf = (id: number) => counts?.categories.find((item) => item.category_id === id)?.count ?? 0;
  return (
    <nav className="category-nav" aria-label={t('list.categories')}>
      <NavLink end to={to(undefined)}>
        <span>{t('list.all_categories')}</span>
        <span className="count">{counts?.total ?? ''}</span>
      </NavLink>
      {catalog.catalog.categories.map((item) => (
        <NavLink key={item.id} to={to(item.code)}>
          <span>{catalog.name(item.names)}</span>
          <span className="count">{counts === undefined ? '' : countOf(item.id)}</span>
        </NavLink>
      ))}
    </nav>
  );
}

export function categoryCount(counts: CategoryCounts | undefined, categoryId: number | undefined) {
  if (counts === undefined) return undefined;
  if (categoryId === undefined) return counts.total;
  return counts.categories.find((item) => item.category_id === categoryId)?.count ?? 0;
}
