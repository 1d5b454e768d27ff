import {
  filtersToSearch,
  kEmptyFilters,
  parseFilters,
  toListArgs,
  type OrderFilters,
} from '@/features/orders/model/order-filters';

describe('order filters and the URL', () => {
  it('empty filters make an empty query', () => {
    expect(filtersToSearch(kEmptyFilters).toString()).toBe('');
    expect(parseFilters(new URLSearchParams())).toEqual(kEmptyFilters);
  });

  it('round-trips every filter through the URL', () => {
    const filters: OrderFilters = {
      q: 'лендинг react',
      deadline: 'week',
      payment: 'safe_deal',
      budgetMin: '1000',
      budgetMax: '2500.5',
      currency: 'USD',
      country: 3,
      city: 17,
      skill: 42,
      specialization: 9,
      portfolio: true,
      sort: 'budget',
    };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe(
      'q=%D0%BB%D0%B5%D0%BD%D0%B4%D0%B8%D0%BD%D0%B3+react&deadline=week&payment=safe_deal&budget_min=1000' +
        '&budget_max=2500.5&currency=USD&country=3&city=17&skill=42&specialization=9&portfolio=true&sort=budget',
    );
    expect(parseFilters(new URLSearchParams(search.toString()))).toEqual(filters);
  });

  it('drops values that are not valid instead of sending them', () => {
    const parsed = parseFilters(
      new URLSearchParams(
        'deadline=soon&payment=cash&budget_min=-5&country=abc&sort=name&currency=rub&portfolio=1',
      ),
    );
    expect(parsed).toEqual(kEmptyFilters);
  });

  it('a city without its country is left out', () => {
    expect(filtersToSearch({ ...kEmptyFilters, city: 5 }).toString()).toBe('');
  });

  it('sends the budget in minor units with its currency', () => {
    const args = toListArgs(
      { ...kEmptyFilters, budgetMin: '1000', budgetMax: '2500.5', currency: 'USD', q: '  logo ' },
      'design',
      2,
    );
    expect(args).toEqual({
      sort: 'date',
      category: 'design',
      q: 'logo',
      budgetMin: 100000,
      budgetMax: 250050,
      currency: 'USD',
    });
  });

  it('asks only for orders open to performers with a portfolio when the flag is on', () => {
    expect(toListArgs({ ...kEmptyFilters, portfolio: true }, undefined, 2)).toEqual({
      sort: 'date',
      portfolio: true,
    });
    expect(toListArgs(kEmptyFilters, undefined, 2)).toEqual({ sort: 'date' });
  });
});
