import type { Catalog } from '@/lib/api/schema.generated';
import type { Language } from '@/lib/i18n/languages';

export type CatalogCategory = Catalog['categories'][number];
export type CatalogSpecialization = CatalogCategory['specializations'][number];
export type CatalogSkill = Catalog['skills'][number];
export type CatalogCountry = Catalog['countries'][number];
export type CatalogCity = CatalogCountry['cities'][number];
export type CatalogCurrency = Catalog['currencies'][number];

export interface Option<T> {
  label: string;
  value: T;
}

// Lookups by id (and category by code) over the catalog, names in the interface language.
export interface CatalogIndex {
  catalog: Catalog;
  name: (names: { en: string; ru: string }) => string;
  category: (id: number) => CatalogCategory | undefined;
  categoryByCode: (code: string) => CatalogCategory | undefined;
  specialization: (id: number) => CatalogSpecialization | undefined;
  skill: (id: number) => CatalogSkill | undefined;
  country: (id: number) => CatalogCountry | undefined;
  city: (id: number) => CatalogCity | undefined;
  minorUnits: (currency: string) => number;
  categoryOptions: () => Option<number>[];
  specializationOptions: (categoryId: number | null) => Option<number>[];
  // The skills serving a category (every skill when none is chosen), alphabetical, plus `keep` (chosen ones).
  skillOptions: (categoryId: number | null, keep?: readonly number[]) => Option<number>[];
  servesCategory: (skillId: number, categoryId: number | null) => boolean;
  countryOptions: () => Option<number>[];
  cityOptions: (countryId: number | null) => Option<number>[];
  currencyOptions: () => Option<string>[];
}

const kDefaultMinorUnits = 2;

export function buildCatalogIndex(catalog: Catalog, language: Language): CatalogIndex {
  const name = (names: { en: string; ru: string }) => names[language] || names.en;
  const byName = <T extends { names: { en: string; ru: string } }>(items: T[]) =>
    [...items].sort((a, b) => name(a.names).localeCompare(name(b.names), language));
  const categories = new Map(catalog.categories.map((item) => [item.id, item]));
  const categoryCodes = new Map(catalog.categories.map((item) => [item.code, item]));
  const specializations = new Map(
    catalog.categories.flatMap((item) => item.specializations.map((spec) => [spec.id, spec] as const)),
  );
  const skills = new Map(catalog.skills.map((item) => [item.id, item]));
  const countries = new Map(catalog.countries.map((item) => [item.id, item]));
  const cities = new Map(
    catalog.countries.flatMap((item) => item.cities.map((city) => [city.id, city] as const)),
  );
  const currencies = new Map(catalog.currencies.map((item) => [item.code, item]));
  // A skill without categories serves every one (catalog.skill_categories).
  const servesCategory = (skillId: number, categoryId: number | null) => {
    const ids = skills.get(skillId)?.category_ids ?? [];
    return categoryId === null || ids.length === 0 || ids.includes(categoryId);
  };
  return {
    catalog,
    name,
    category: (id) => categories.get(id),
    categoryByCode: (code) => categoryCodes.get(code),
    specialization: (id) => specializations.get(id),
    skill: (id) => skills.get(id),
    country: (id) => countries.get(id),
    city: (id) => cities.get(id),
    minorUnits: (code) => currencies.get(code)?.minor_units ?? kDefaultMinorUnits,
    // Categories keep the catalog's order (it is curated); the long lists are alphabetical.
    categoryOptions: () => catalog.categories.map((item) => ({ label: name(item.names), value: item.id })),
    specializationOptions: (categoryId) =>
      categoryId === null
        ? []
        : (categories.get(categoryId)?.specializations ?? []).map((item) => ({
            label: name(item.names),
            value: item.id,
          })),
    skillOptions: (categoryId, keep = []) =>
      byName(
        catalog.skills.filter((item) => servesCategory(item.id, categoryId) || keep.includes(item.id)),
      ).map((item) => ({ label: name(item.names), value: item.id })),
    servesCategory,
    countryOptions: () => catalog.countries.map((item) => ({ label: name(item.names), value: item.id })),
    cityOptions: (countryId) =>
      countryId === null
        ? []
        : byName(countries.get(countryId)?.cities ?? []).map((item) => ({
            label: name(item.names),
            value: item.id,
          })),
    currencyOptions: () =>
      catalog.currencies.map((item) => ({ label: `${item.code} ${item.symbol}`, value: item.code })),
  };
}
