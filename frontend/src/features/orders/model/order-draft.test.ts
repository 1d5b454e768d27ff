import { emptyOrderDraft, endOfDay, toOrderInput } from '@/features/orders/model/order-draft';

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

  it('an empty form is flagged in every field at once, as the server would', () => {
    const result = toOrderInput(emptyOrderDraft('RUB'), [], 2);
    expect(result.errors).toEqual({
      name: 'name_required',
      description: 'description_required',
      category_id: 'category_required',
      budget: 'amount_invalid',
      deadline_at: 'deadline_required',
    });
  });

  it('applies the server limits to the trimmed text', () => {
    const result = toOrderInput({ ...base, name: ' Logo ', description: 'Ровно девятнадцать' }, [], 2);
    expect(result.errors).toEqual({ name: 'name_short', description: 'description_short' });
    expect(toOrderInput({ ...base, name: 'Logos', description: 'x'.repeat(20) }, [], 2).errors).toBeNull();
  });

  it('a past deadline is refused; a picked day ends at 23:59 local time', () => {
    const now = new Date(2030, 0, 2, 12, 0);
    const today = endOfDay(new Date(2030, 0, 2, 9, 30));
    expect(today.getHours()).toBe(23);
    expect(today.getMinutes()).toBe(59);
    expect(toOrderInput({ ...base, deadline: today }, [], 2, 'en', now).errors).toBeNull();
    const yesterday = endOfDay(new Date(2030, 0, 1));
    expect(toOrderInput({ ...base, deadline: yesterday }, [], 2, 'en', now).errors).toEqual({
      deadline_at: 'deadline_past',
    });
  });

  it('reads the amount with the language’s separators', () => {
    expect(toOrderInput({ ...base, budgetAmount: '1,200.50' }, [], 2, 'en').input?.budget?.amount).toBe(
      120050,
    );
    expect(toOrderInput({ ...base, budgetAmount: '1 200,50' }, [], 2, 'ru').input?.budget?.amount).toBe(
      120050,
    );
  });

  it('a city without a country is not sent', () => {
    const result = toOrderInput({ ...base, cityId: 4 }, [], 2);
    expect(result.input?.city_id).toBeNull();
  });
});
