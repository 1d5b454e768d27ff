import type { Catalog } from '@/lib/api/schema.generated';

// A small catalog for component tests of every feature that reads it.
export const kCatalog: Catalog = {
  categories: [
    {
      id: 1,
      code: 'development',
      names: { en: 'Development', ru: 'Разработка' },
      specializations: [{ id: 11, code: 'web', names: { en: 'Websites', ru: 'Сайты' } }],
    },
    {
      id: 2,
      code: 'design',
      names: { en: 'Design', ru: 'Дизайн' },
      specializations: [{ id: 21, code: 'logo', names: { en: 'Logos', ru: 'Логотипы' } }],
    },
  ],
  skills: [
    { id: 101, code: 'react', names: { en: 'React', ru: 'React' }, category_ids: [1] },
    { id: 102, code: 'figma', names: { en: 'Figma', ru: 'Figma' }, category_ids: [1, 2] },
    {
      id: 103,
      code: 'photoshop',
      names: { en: 'Adobe Photoshop', ru: 'Adobe Photoshop' },
      category_ids: [2],
    },
  ],
  countries: [
    {
      id: 7,
      code: 'RU',
      names: { en: 'Russia', ru: 'Россия' },
      cities: [{ id: 70, names: { en: 'Moscow', ru: 'Москва' } }],
    },
  ],
  currencies: [
    { code: 'RUB', names: { en: 'Rouble', ru: 'Рубль' }, symbol: '₽', minor_units: 2 },
    { code: 'USD', names: { en: 'US dollar', ru: 'Доллар США' }, symbol: '$', minor_units: 2 },
  ],
};
