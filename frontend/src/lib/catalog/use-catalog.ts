import { useMemo } from 'react';

import type { QueryResult } from '@/components/query-state';
import { useGetCatalogQuery } from '@/lib/catalog/catalog-api';
import { buildCatalogIndex, type CatalogIndex } from '@/lib/catalog/catalog-index';
import { useLanguage } from '@/lib/i18n/use-language';

// The catalog with lookups in the current language, as a query result (for the loading and error states).
export function useCatalogQuery(): QueryResult<CatalogIndex> {
  const language = useLanguage();
  const { data, error, isFetching, refetch } = useGetCatalogQuery();
  const index = useMemo(
    () => (data === undefined ? undefined : buildCatalogIndex(data, language)),
    [data, language],
  );
  return { data: index, error, isFetching, refetch };
}

// The catalog with lookups in the current language; null until it has loaded.
export function useCatalog(): CatalogIndex | null {
  return useCatalogQuery().data ?? null;
}
