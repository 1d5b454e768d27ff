import { checkVacancyDraft, draftOfVacancy, toVacancyInput } from '@/features/vacancies/model/vacancy-draft';

const units = () => 2;

describe('vacancy draft', () => {
  it('requires the company, title, category and description', () => {
    expect(checkVacancyDraft(draftOfVacancy(null, units, null), 2, 'en')).toEqual({
      company_id: 'required',
      title: 'required',
      category_id: 'required',
      description: 'required',
    });
  });

  it('checks the salary range and sends it in minor units, or null for "by agreement"', () => {
    const draft = { ...draftOfVacancy(null, units, 3), title: 'QA', categoryId: 1, description: 'Tests' };
    expect(checkVacancyDraft({ ...draft, salaryFrom: '200 000', salaryTo: '100 000' }, 2, 'ru')).toEqual({
      'salary.to': 'range_invalid',
    });
    expect(checkVacancyDraft({ ...draft, salaryFrom: 'abc' }, 2, 'en')).toEqual({
      'salary.from': 'amount_invalid',
    });
    const input = toVacancyInput({ ...draft, salaryFrom: '150 000,50', gross: true }, 2, 'ru', true);
    expect(input.salary).toEqual({ from: 15000050, to: null, currency: 'RUB', gross: true });
    expect(input.publish).toBe(true);
    expect(input.company_id).toBe(3);
    expect(toVacancyInput(draft, 2, 'en', false).salary).toBeNull();
  });
});
