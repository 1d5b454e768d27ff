import {
  addSpecialization,
  keepServedSkills,
  profileDraft,
  profileProblems,
  removeSpecialization,
  setMainSpecialization,
  skillOptions,
  toProfileInput,
} from '@/features/profiles/model/profile-draft';
import { buildCatalogIndex } from '@/lib/catalog/catalog-index';
import { kCatalog } from '@/test/catalog';
import { freelancerProfile } from '@/test/profiles';

const catalog = buildCatalogIndex(kCatalog, 'ru');

describe('profile draft', () => {
  it('keeps exactly one main specialization, at most 5', () => {
    let items = addSpecialization([], 11);
    items = addSpecialization(items, 21);
    expect(items).toEqual([
      { id: 11, main: true },
      { id: 21, main: false },
    ]);
    expect(addSpecialization(items, 21)).toEqual(items);
    items = setMainSpecialization(items, 21);
    expect(items.filter((item) => item.main).map((item) => item.id)).toEqual([21]);
    // Removing the main one makes the first remaining one the main one.
    expect(removeSpecialization(items, 21)).toEqual([{ id: 11, main: true }]);
    const five = [1, 2, 3, 4, 5].reduce(
      (list, id) => addSpecialization(list, id),
      addSpecialization([], 0).slice(1),
    );
    expect(addSpecialization(five, 6)).toHaveLength(5);
  });

  it('offers the skills of the chosen categories and drops the others when they change', () => {
    const design = [{ id: 21, main: true }];
    expect(skillOptions(catalog, design, []).map((option) => option.value)).toEqual([103, 102]);
    expect(skillOptions(catalog, [], []).map((option) => option.value)).toHaveLength(3);
    // React (development only) goes when only design is chosen; Figma serves both.
    expect(keepServedSkills(catalog, design, [101, 102])).toEqual([102]);
  });

  it('checks the main specialization, the city in its country, the experience and the rate', () => {
    const draft = profileDraft(freelancerProfile(7), catalog);
    expect(profileProblems(draft, catalog, 'ru')).toEqual({});
    const bad = {
      ...draft,
      specializations: [
        { id: 11, main: false },
        { id: 21, main: false },
      ],
      cityId: 70,
      experience: '80',
      rateAmount: 'abc',
    };
    expect(profileProblems(bad, catalog, 'ru')).toEqual({
      specializations: 'main_required',
      city_id: 'city_country',
      experience_years: 'experience_range',
      rate: 'rate_invalid',
    });
  });

  it('sends the rate in minor units as typed in the language', () => {
    const draft = {
      ...profileDraft(freelancerProfile(7), catalog),
      headline: ' Дизайнер ',
      specializations: [{ id: 21, main: true }],
      countryId: 7,
      cityId: 70,
      experience: '4',
      rateAmount: '1 500,50',
      currency: 'RUB',
    };
    expect(toProfileInput(draft, catalog, 'ru')).toMatchObject({
      headline: 'Дизайнер',
      experience_years: 4,
      country_id: 7,
      city_id: 70,
      rate: { amount: 150050, currency: 'RUB' },
    });
    expect(
      profileDraft(freelancerProfile(7, 'A', 'B', { rate: { amount: 150050, currency: 'RUB' } }), catalog),
    ).toMatchObject({ rateAmount: '1500.5' });
  });
});
