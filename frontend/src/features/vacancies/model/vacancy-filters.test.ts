import {
  hasAdvancedVacancyFilters,
  kEmptyVacancyFilters,
  parseVacancyFilters,
  toVacancyArgs,
  vacancyFiltersToSearch,
} from '@/features/vacancies/model/vacancy-filters';

describe('vacancy filters ↔ URL', () => {
  it('round-trips every filter through the query string', () => {
    const filters = {
      ...kEmptyVacancyFilters,
      q: 'разработчик',
      specialization: 4,
      employment: ['full' as const, 'part' as const],
      schedule: ['remote' as const],
      experience: '1_3' as const,
      education: 'higher' as const,
      salary: '150000',
      currency: 'USD',
      country: 1,
      city: 7,
      skill: 12,
      remote: true,
      sort: 'salary' as const,
    };
    const search = vacancyFiltersToSearch(filters);
    expect(search.getAll('employment')).toEqual(['full', 'part']);
    expect(parseVacancyFilters(new URLSearchParams(search.toString()))).toEqual(filters);
    expect(hasAdvancedVacancyFilters(filters)).toBe(true);
  });

  it('keeps the defaults out of the URL and reads unknown values as no filter', () => {
    expect(vacancyFiltersToSearch(kEmptyVacancyFilters).toString()).toBe('');
    const parsed = parseVacancyFilters(
      new URLSearchParams('employment=nope&experience=9&sort=random&salary=abc&city=3&skill=x'),
    );
    expect(parsed).toEqual({ ...kEmptyVacancyFilters, city: 3 });
    // A city without its country is not applied.
    expect(vacancyFiltersToSearch(parsed).toString()).toBe('');
    expect(hasAdvancedVacancyFilters(kEmptyVacancyFilters)).toBe(false);
  });

  it('sends the least salary in minor units with its currency', () => {
    const args = toVacancyArgs(
      { ...kEmptyVacancyFilters, salary: parseVacancyFilters(new URLSearchParams('salary=1 500')).salary },
      'it',
      2,
    );
    expect(args).toEqual({ sort: 'date', category: 'it', salary: 150000, currency: 'RUB' });
  });
});
