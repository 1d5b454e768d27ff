import { buildCatalogIndex } from '@/lib/catalog/catalog-index';
import { kCatalog } from '@/test/catalog';

describe('catalog index', () => {
  const index = buildCatalogIndex(kCatalog, 'en');
  const labels = (options: { label: string }[]) => options.map((option) => option.label);

  it('offers every skill, alphabetically, when no category is chosen', () => {
    expect(labels(index.skillOptions(null))).toEqual(['Adobe Photoshop', 'Figma', 'React']);
  });

  it('offers only the skills serving the chosen category', () => {
    expect(labels(index.skillOptions(1))).toEqual(['Figma', 'React']);
    expect(labels(index.skillOptions(2))).toEqual(['Adobe Photoshop', 'Figma']);
  });

  it('keeps a chosen skill of another category in the options, so it can still be seen and removed', () => {
    expect(labels(index.skillOptions(2, [101]))).toEqual(['Adobe Photoshop', 'Figma', 'React']);
  });

  it('says which skills serve a category; a skill without categories serves every one', () => {
    expect(index.servesCategory(103, 1)).toBe(false);
    expect(index.servesCategory(102, 2)).toBe(true);
    expect(index.servesCategory(103, null)).toBe(true);
    const open = buildCatalogIndex(
      {
        ...kCatalog,
        skills: [{ id: 9, code: 'misc', names: { en: 'Misc', ru: 'Разное' }, category_ids: [] }],
      },
      'en',
    );
    expect(open.servesCategory(9, 2)).toBe(true);
  });
});
