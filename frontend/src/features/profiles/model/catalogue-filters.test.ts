import {
  catalogueFiltersToSearch,
  hasAdvancedCatalogueFilters,
  kEmptyCatalogueFilters,
  parseCatalogueFilters,
  rateOf,
  toCatalogueArgs,
  toCountArgs,
  type CatalogueFilters,
} from '@/features/profiles/model/catalogue-filters';
import { buildCatalogIndex } from '@/lib/catalog/catalog-index';
import { kCatalog } from '@/test/catalog';

const kFull: CatalogueFilters = {
  q: 'логотип figma',
  specialization: 21,
  skill: 102,
  country: 7,
  city: 70,
  portfolio: true,
  rateMin: '1000',
  rateMax: '5000',
  currency: 'USD',
  ratingMin: '4',
  available: true,
  online: true,
  sort: 'rate_asc',
};

describe('catalogue filters and the URL', () => {
  it('empty filters make an empty query, and an empty query the defaults', () => {
    expect(catalogueFiltersToSearch(kEmptyCatalogueFilters).toString()).toBe('');
    expect(parseCatalogueFilters(new URLSearchParams())).toEqual(kEmptyCatalogueFilters);
    expect(hasAdvancedCatalogueFilters(kEmptyCatalogueFilters)).toBe(false);
  });

  it('round-trips every filter through the URL, in a fixed order', () => {
    const search = catalogueFiltersToSearch(kFull);
    expect(search.toString()).toBe(
      'q=%D0%BB%D0%BE%D0%B3%D0%BE%D1%82%D0%B8%D0%BF+figma&specialization=21&skill=102&country=7&city=70' +
        '&portfolio=true&rate_min=1000&rate_max=5000&currency=USD&rating_min=4&available=true&online=true' +
        '&sort=rate_asc',
    );
    expect(parseCatalogueFilters(search)).toEqual(kFull);
    expect(hasAdvancedCatalogueFilters(kFull)).toBe(true);
  });

  it('reads a hand-edited query as no filter rather than failing', () => {
    const filters = parseCatalogueFilters(
      new URLSearchParams(
        'skill=abc&country=0&portfolio=yes&rating_min=9&rate_min=-5&currency=usd&sort=cheapest&online=1',
      ),
    );
    expect(filters).toEqual(kEmptyCatalogueFilters);
  });

  it('keeps the city only with its country, and the currency only with a rate', () => {
    expect(catalogueFiltersToSearch({ ...kEmptyCatalogueFilters, city: 70 }).toString()).toBe('');
    expect(catalogueFiltersToSearch({ ...kEmptyCatalogueFilters, currency: 'USD' }).toString()).toBe('');
  });

  it('reads the rate as whole major units', () => {
    expect(rateOf('1 500')).toBe('1500');
    expect(rateOf('1500,00')).toBe('1500');
    expect(rateOf('0150')).toBe('150');
    expect(rateOf('15.5')).toBe('');
    expect(rateOf('abc')).toBe('');
  });

  it('makes the API query: the specialization by code, the rate in major units with its currency', () => {
    const catalog = buildCatalogIndex(kCatalog, 'en');
    const args = toCatalogueArgs(kFull, 'design', catalog);
    expect(args).toEqual({
      sort: 'rate_asc',
      category: 'design',
      q: 'логотип figma',
      specialization: 'logo',
      skill: [102],
      country: 7,
      city: 70,
      portfolio: true,
      rateMin: 1000,
      rateMax: 5000,
      currency: 'USD',
      ratingMin: 4,
      available: true,
      online: true,
    });
    // The counts are per category: no category, no sort.
    const counts = toCountArgs(args);
    expect(counts).not.toHaveProperty('category');
    expect(counts).not.toHaveProperty('sort');
    expect(counts.portfolio).toBe(true);
    expect(toCatalogueArgs(kEmptyCatalogueFilters, undefined, catalog)).toEqual({ sort: 'rating' });
  });
});
