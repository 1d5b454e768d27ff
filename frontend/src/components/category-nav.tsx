import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';

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
// current filters; one row of chips on a phone that scrolls inside itself (marketplace.css), with the current
// category brought into its view.
export function CategoryNav({ catalog, counts, to }: CategoryNavProps) {
  const { t } = useTranslation('orders');
  const countOf = (id: number) => counts?.categories.find((item) => item.category_id === id)?.count ?? 0;
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('a.active');
    // Only when the row scrolls (a phone); scrollLeft, not scrollIntoView, which would scroll the page too.
    if (row === null || active === null || active === undefined || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = Math.max(0, active.offsetLeft - row.offsetLeft - 8);
  }, [pathname]);
  return (
    <nav className="category-nav" aria-label={t('list.categories')} ref={nav}>
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
