import { emptyOrderDraft, toOrderInput } from '@/features/orders/model/order-draft';

describe('order draft', () => {
  const base = {
    ...emptyOrderDraft('RUB'),
    name: ' Лендинг для кофейни ',
    description: 'Нужен одностраничный сайт с меню и картой.',
    categoryId: 1,
    budgetAmount: '25 000',
    deadline: new Date('2030-01-02T15:00:00Z'),
  };

  it('sends the budget in minor units and the deadline in ISO', () => {
    const result = toOrderInput(base, [5], 2);
    expect(result.input).toMatchObject({
      name: 'Лендинг для кофейни',
      budget: { amount: 2500000, currency: 'RUB' },
      deadline_at: '2030-01-02T15:00:00.000Z',
      attachment_ids: [5],
    });
  });

  it('"by agreement" sends nulls', () => {
    const result = toOrderInput({ ...base, budgetByAgreement: true, deadlineByAgreement: true }, [], 2);
    expect(result.input).toMatchObject({ budget: null, deadline_at: null });
  });

  it('needs an amount and a deadline unless by agreement', () => {
    const result = toOrderInput({ ...base, budgetAmount: 'abc', deadline: null }, [], 2);
    expect(result.errors).toEqual({ budget: 'amount_invalid', deadline_at: 'deadline_required' });
  });

  it('a city without a country is not sent', () => {
    const result = toOrderInput({ ...base, cityId: 4 }, [], 2);
    expect(result.input?.city_id).toBeNull();
  });
});
