import type { CatalogIndex } from '@/lib/catalog/catalog-index';

// "Almaty, Kazakhstan": a city and its country as the catalog names them in the interface language; either may
// be missing (an empty string when both are).
export function placeText(catalog: CatalogIndex, countryId: number | null, cityId: number | null): string {
  return [
    cityId === null ? undefined : catalog.city(cityId),
    countryId === null ? undefined : catalog.country(countryId),
  ]
    .filter((item) => item !== undefined)
    .map((item) => catalog.name(item.names))
    .join(', ');
}
