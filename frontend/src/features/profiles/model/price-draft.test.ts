import { priceDraft, toPriceInput } from '@/features/profiles/model/price-draft';

const minor = () => 2;

describe('price draft', () => {
  it('converts the amount to minor units', () => {
    const draft = { ...priceDraft(null, minor), name: ' Логотип ', amount: '5 000', kind: 'from' as const };
    expect(toPriceInput(draft, minor, 'ru')).toEqual({
      input: {
        name: 'Логотип',
        description: '',
        kind: 'from',
        amount: 500000,
        currency: 'RUB',
        unit: 'project',
      },
    });
  });

  it('asks for a name, an amount and a description of at most 500 characters', () => {
    const draft = { ...priceDraft(null, minor), description: 'x'.repeat(501), amount: '0' };
    expect(toPriceInput(draft, minor, 'en')).toEqual({
      problems: { name: 'name_required', description: 'description_max', amount: 'prices.amount_invalid' },
    });
  });
});
