import { catalogGeneratedApi } from '@/lib/catalog/catalog.generated';

// The catalog (GET /api/catalog) is shared reference data, not a feature: orders, bids and profiles read it
// (categories, currencies' minor units, countries), and features may not import each other.
export const catalogApi = catalogGeneratedApi.enhanceEndpoints({
  endpoints: {
    // One copy serves both languages; it changes rarely, so it stays cached for the whole visit.
    getCatalog: { keepUnusedDataFor: 3600 },
  },
});

export const { useGetCatalogQuery } = catalogApi;
