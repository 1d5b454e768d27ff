import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { baseUrl, choose, expectFits, shot, signUpByApi, type Account } from './support';

// Issue 12, the employer's side in the browser (ru): a company with a logo, a vacancy published and found by the
// filters and by a search with a typo; a review refused without a rating ('Поставьте оценку') and posted
// anonymously with one (the author's name never shown), the owner's reply; every new screen at 1366 and 390 px
// in both languages.

const kStamp = Date.now().toString(36);
const kCompany = `Кондитерская «Север» ${kStamp}`;
// A rare word the search finds, and its misspelling that only the typo fallback finds.
const kWord = 'шоколатье';
const kTypo = 'шокалатье';
const kTitle = `Шоколатье-кондитер ${kStamp}`;
const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 768 };

// Every size and language of one screen: fits, and a screenshot to look at.
async function shots(page: Page, name: string, pathInLang: string): Promise<void> {
  for (const lang of ['ru', 'en'] as const) {
    for (const size of [kDesktop, kPhone]) {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl()}/${lang}/${pathInLang}`);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.page-loader')).toHaveCount(0);
      await expectFits(page, `${lang}/${pathInLang} at ${size.width}`);
      await shot(page, `jobs-${name}-${lang}-${size.width}`);
    }
  }
  await page.setViewportSize(kDesktop);
}

test.describe.configure({ mode: 'serial' });

test.describe('jobs: the employer, the company and its reviews', () => {
  let employer: Account;
  let reviewer: Account;
  let companyId = 0;
  let vacancyId = 0;

  test.beforeAll(async ({ browser }) => {
    employer = await signUpByApi(browser, 'Olga', 'ru');
    reviewer = await signUpByApi(browser, 'Ivan', 'ru');
  });

  test.afterAll(async () => {
    for (const account of [employer, reviewer]) await account.page.context().close();
  });

  test('an employer creates a company with a logo and publishes a vacancy, in ru', async () => {
    test.setTimeout(120_000);
    const { page } = employer;
    await page.goto(`${baseUrl()}/ru/vacancy/create`);
    // No company yet: the form says so and links to create one.
    await expect(page.getByTestId('no-company')).toBeVisible();
    await page.getByTestId('no-company').getByRole('link', { name: 'Создать компанию' }).click();
    await expect(page).toHaveURL(/\/ru\/employer\/create$/);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Заполните это поле').first()).toBeVisible();
    await page.getByLabel('Название компании').fill(kCompany);
    await choose(page, '#company-industry', 'Розничная торговля');
    await choose(page, '#company-size', '11–50 сотрудников');
    await page.getByLabel('О компании').fill('Делаем шоколад и торты вручную с 2015 года.');
    await page.getByLabel('Год основания').fill('2015');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page).toHaveURL(/\/ru\/employer\/\d+\/edit$/);
    companyId = Number(/employer\/(\d+)/.exec(page.url())![1]);
    await page
      .getByTestId('company-logo-input')
      .setInputFiles(path.join(__dirname, 'fixtures', 'portfolio-1.png'));
    await expect(page.getByTestId('company-logo')).toBeVisible();

    await page.goto(`${baseUrl()}/ru/vacancy/create`);
    await expect(page.locator('#vacancy-company')).toBeAttached();
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await expect(page.getByText('Заполните это поле').first()).toBeVisible();
    await page.getByLabel('Название должности').fill(kTitle);
    const category = await page.evaluate(async () => {
      const response = await fetch('/api/catalog', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      const catalog = (await response.json()) as { categories: { code: string; names: { ru: string } }[] };
      return catalog.categories[0]!;
    });
    await choose(page, '#vacancy-category', category.names.ru);
    await page.getByLabel('Описание').fill(`Ищем ${kWord}: конфеты ручной работы, темперирование, декор.`);
    await page.getByLabel('От', { exact: true }).fill('120 000');
    await page.getByLabel('До', { exact: true }).fill('90 000');
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await expect(page.getByText('«От» не может быть больше «до»')).toBeVisible();
    await page.getByLabel('До', { exact: true }).fill('180 000');
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await expect(page).toHaveURL(/\/ru\/vacancy\/\d+$/);
    vacancyId = Number(/vacancy\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByText('Черновик: его видите только вы.')).toBeVisible();
    await page.getByTestId('vacancy-owner-actions').getByRole('button', { name: 'Опубликовать' }).click();
    await expect(page.getByText('Черновик: его видите только вы.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Продлить на 30 дней' })).toBeVisible();
    await expect(page.getByText(/120\s000\s₽\s–\s180\s000\s₽/)).toBeVisible();

    // Found by the filters (category, salary, employment) and by the search, also misspelt.
    await page.goto(
      `${baseUrl()}/ru/vacancies/${category.code}?employment=full&salary=100000&schedule=full_day`,
    );
    await expect(page.getByTestId('vacancy-results').getByRole('link', { name: kTitle })).toBeVisible();
    await page.goto(`${baseUrl()}/ru/vacancies?salary=500000`);
    await expect(page.getByTestId('vacancies-empty')).toBeVisible();
    await expect(page.getByTestId('vacancy-results').getByRole('link', { name: kTitle })).toHaveCount(0);
    await page.goto(`${baseUrl()}/ru/vacancies`);
    await page.getByRole('searchbox', { name: 'Поиск вакансий' }).fill(kTypo);
    await page.getByRole('button', { name: 'Найти' }).click();
    // The fallback searches the lexicon's stem of the word (as the orders' does): «шоколат».
    await expect(page.getByTestId('corrected-note')).toContainText(`«${kWord.slice(0, 7)}»`);
    await expect(page.getByTestId('vacancy-results').getByRole('link', { name: kTitle })).toBeVisible();
    await shot(page, 'jobs-search-typo-ru');
  });

  test('a review needs a rating; an anonymous one never names its author; the owner replies', async () => {
    const { page } = reviewer;
    await page.goto(`${baseUrl()}/ru/employer/${companyId}`);
    await expect(page.getByRole('heading', { name: kCompany })).toBeVisible();
    await expect(page.getByTestId('company-vacancies').getByRole('link', { name: kTitle })).toBeVisible();
    const form = page.getByTestId('company-review-form');
    await form.getByLabel('Плюсы').fill('Добрая команда и вкусные обеды.');
    await form.getByRole('button', { name: 'Опубликовать отзыв' }).click();
    await expect(form.getByText('Поставьте оценку')).toBeVisible();
    await form.getByTestId('review-rating').locator('.p-rating-item').nth(3).click();
    await form.getByLabel(/Опубликовать анонимно/).check();
    await form.getByRole('button', { name: 'Опубликовать отзыв' }).click();
    await expect(page.getByTestId('company-review')).toHaveCount(1);
    // The author sees their own name, marked as shown to them alone; everyone else sees no name.
    await expect(page.getByTestId('review-anonymous-mine')).toHaveText('Анонимно: ваше имя видите только вы');
    await expect(page.getByTestId('company-rating')).toContainText('4');

    const owner = employer.page;
    await owner.goto(`${baseUrl()}/ru/employer/${companyId}`);
    const review = owner.getByTestId('company-review');
    await expect(review.getByTestId('review-anonymous')).toBeVisible();
    await expect(owner.locator('main')).not.toContainText('Ivan');
    await review.getByLabel('Ваш ответ').fill('Спасибо, рады стараться!');
    await review.getByRole('button', { name: 'Ответить' }).click();
    await expect(review.getByTestId('company-reply')).toContainText('Спасибо, рады стараться!');
    // The reviewer sees the reply, and their review still marked anonymous.
    await page.reload();
    await expect(page.getByTestId('company-reply')).toContainText('Спасибо, рады стараться!');
    await expect(page.getByTestId('review-anonymous-mine')).toBeVisible();
  });

  test('every new screen at 1366 and 390 px in both languages', async () => {
    test.setTimeout(300_000);
    const { page } = employer;
    await shots(page, 'company', `employer/${companyId}`);
    await shots(page, 'company-edit', `employer/${companyId}/edit`);
    await shots(page, 'company-create', 'employer/create');
    await shots(page, 'companies-my', 'employers/my');
    await shots(page, 'vacancy', `vacancy/${vacancyId}`);
    await shots(page, 'vacancy-edit', `vacancy/${vacancyId}/edit`);
    await shots(page, 'vacancy-create', 'vacancy/create');
    await shots(page, 'vacancies', 'vacancies?employment=full&experience=1_3');
    await shots(page, 'vacancies-my', 'vacancies/my');
    await shots(reviewer.page, 'vacancy-guestlike', `vacancy/${vacancyId}`);
  });
});
