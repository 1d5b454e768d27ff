import { useMemo } from 'react';

import { useGetCatalogQuery } from '@/lib/catalog/catalog-api';
import { buildCatalogIndex, type CatalogIndex } from '@/lib/catalog/catalog-index';
import { useLanguage } from '@/lib/i18n/use-language';

// The catalog with lookups in the current language; null until it has loaded.
export function useCatalog(): CatalogIndex | null {
  const language = useLanguage();
  const { data } = useGetCatalogQuery();
  return useMemo(() => (data === undefined ? null : buildCatalogIndex(data, language)), [data, language]);
}
