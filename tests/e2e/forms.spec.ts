import { expect, test, type Browser, type Page } from '@playwright/test';

import { baseUrl, shot, signUpByApi, unsafeApi, type Account } from './support';

// Issue 9, forms: PrimeReact in the interface language, half-filled forms surviving a language switch, the order
// form's one-round validation and limits, locale amounts and dates, and "make final" keeping the order's
// currency. Screenshots of each form in both languages at 1366 and 390 px.

const kStamp = Date.now().toString(36);
const kWidths = [
  { name: '1366', width: 1366, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

async function switchLanguage(page: Page, to: 'en' | 'ru'): Promise<void> {
  await page.getByRole('button', { name: to === 'ru' ? 'Русский' : 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/${to}/`));
}

async function shots(page: Page, name: string): Promise<void> {
  for (const size of kWidths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await shot(page, `${name}-${size.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe.configure({ mode: 'serial' });

test.describe('forms: locale, language switch, validation', () => {
  let customer: Account;
  let performer: Account;

  test.beforeAll(async ({ browser }) => {
    customer = await signUpByApi(browser, 'Olga', 'en', { lastname: 'Forms', intent: 'customer' });
    performer = await signUpByApi(browser, 'Ivan', 'en', { lastname: 'Forms', intent: 'performer' });
  });

  test.afterAll(async () => {
    await customer.page.context().close();
    await performer.page.context().close();
  });

  test('a half-filled registration form survives switching the language', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
    await page.goto(`${baseUrl()}/en/registration`);
    await page.locator('input[name="name"]').fill('Maria');
    await page.locator('input[name="lastname"]').fill('Ivanova');
    await page.locator('input[name="email"]').fill('maria@example.test');
    await shots(page, 'forms-registration-filled-en');
    await switchLanguage(page, 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Регистрация');
    await expect(page.locator('input[name="name"]')).toHaveValue('Maria');
    await expect(page.locator('input[name="lastname"]')).toHaveValue('Ivanova');
    await expect(page.locator('input[name="email"]')).toHaveValue('maria@example.test');
    await shots(page, 'forms-registration-filled-ru');
    await context.close();
  });

  test('the order form: all errors at once, limits shown first, a half-filled draft survives the switch', async () => {
    const { page } = customer;
    await page.goto(`${baseUrl()}/en/create-order`);
    await expect(page.getByTestId('description-counter')).toHaveText('Characters: 0 (at least 20)');
    await page.getByRole('button', { name: 'Publish the order' }).click();
    for (const text of [
      'Give the order a title.',
      'Describe the job.',
      'Choose a category.',
      'Enter an amount such as 1500 or 1,200.50.',
      'Choose a date or “By agreement”.',
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await shots(page, 'forms-order-errors-en');

    await page.locator('input[name="name"]').fill('Logo for a bakery');
    await page.locator('textarea[name="description"]').fill('Three logo variants');
    await expect(page.getByTestId('description-counter')).toHaveText('Characters: 19 (at least 20)');
    await page.locator('input[name="budget"]').fill('1,200.50');
    await switchLanguage(page, 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Разместить заказ');
    await expect(page.locator('input[name="name"]')).toHaveValue('Logo for a bakery');
    await expect(page.locator('textarea[name="description"]')).toHaveValue('Three logo variants');
    await expect(page.locator('input[name="budget"]')).toHaveValue('1,200.50');
    await expect(page.getByTestId('description-counter')).toHaveText('Символов: 19 (минимум 20)');
    await shots(page, 'forms-order-half-filled-ru');
    // Switching the language is not a navigation: the page stays where it was scrolled to.
    await page.evaluate(() => window.scrollTo(0, 300));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await switchLanguage(page, 'en');
    await expect(page.locator('input[name="name"]')).toHaveValue('Logo for a bakery');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('the date picker speaks the language (Monday first in ru); a typed past date is said to be past', async () => {
    const { page } = customer;
    await page.goto(`${baseUrl()}/ru/create-order`);
    // The panel opens below the field: put the field near the top of the screen.
    await page.locator('#order-deadline').evaluate((input) => {
      window.scrollBy(0, input.getBoundingClientRect().top - 200);
    });
    await page.locator('#order-deadline').click();
    const panel = page.locator('.p-datepicker');
    await expect(panel).toBeVisible();
    await expect(panel.locator('th').first()).toHaveText('Пн');
    const months = ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь'];
    const russianMonth = new RegExp(`${[...months, 'Октябрь', 'Ноябрь', 'Декабрь'].join('|')}`);
    await expect(panel.locator('.p-datepicker-month')).toHaveText(russianMonth);
    await expect(panel.getByRole('button', { name: 'Предыдущий месяц' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Выбрать год' })).toBeVisible();
    await shot(page, 'forms-datepicker-ru', false);
    await page.keyboard.press('Escape');

    await switchLanguage(page, 'en');
    await page.locator('#order-deadline').evaluate((input) => {
      window.scrollBy(0, input.getBoundingClientRect().top - 200);
    });
    await page.locator('#order-deadline').click();
    await expect(page.locator('.p-datepicker th').first()).toHaveText('Su');
    await expect(page.locator('.p-datepicker').getByRole('button', { name: 'Previous Month' })).toBeVisible();
    await shot(page, 'forms-datepicker-en', false);
    await page.keyboard.press('Escape');

    await page.locator('#order-deadline').fill('2020-01-15');
    await page.locator('input[name="name"]').click();
    await expect(page.getByText('The deadline has passed: choose today or a later date.')).toBeVisible();
    await expect(page.locator('#order-deadline')).toHaveValue('2020-01-15');
  });

  test('an order in English with a 1,200.50 budget and a picked date (end of that day)', async () => {
    const { page } = customer;
    await page.goto(`${baseUrl()}/en/create-order`);
    await page.locator('input[name="name"]').fill(`Logo for a bakery ${kStamp}`);
    await page.locator('textarea[name="description"]').fill('Three logo variants for a small bakery.');
    await page.locator('.p-dropdown:has(#order-category)').click();
    await page.locator('.p-dropdown-panel li[role="option"]').first().click();
    await page.locator('input[name="budget"]').fill('1,200.50');
    await page.locator('#order-deadline').click();
    await page.locator('.p-datepicker-next').click();
    await page.locator('.p-datepicker td:not(.p-datepicker-other-month) span', { hasText: /^15$/ }).click();
    await shots(page, 'forms-order-filled-en');
    await page.getByRole('button', { name: 'Publish the order' }).click();
    await expect(page.getByTestId('order-title')).toHaveText(`Logo for a bakery ${kStamp}`);
    const id = new URL(page.url()).pathname.split('/').pop();
    const response = await page.request.get(`${baseUrl()}/api/orders/${id}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const order = (await response.json()) as { budget: { amount: number }; deadline_at: string };
    expect(order.budget.amount).toBe(120050);
    const deadline = new Date(order.deadline_at);
    expect([deadline.getDate(), deadline.getHours(), deadline.getMinutes()]).toEqual([15, 23, 59]);
  });

  test('a preliminary bid on a USD order made final stays in USD', async () => {
    const catalog = (await (
      await customer.page.request.get(`${baseUrl()}/api/catalog`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      })
    ).json()) as { categories: { id: number }[] };
    const created = await unsafeApi(customer.page, 'POST', '/api/orders', {
      name: `Dollar order ${kStamp}`,
      description: 'A job paid in US dollars, for the bid currency check.',
      category_id: catalog.categories[0]!.id,
      specialization_id: null,
      skill_ids: [],
      budget: { amount: 100000, currency: 'USD' },
      deadline_at: null,
      payment_option: 'no_prepayment',
      country_id: null,
      city_id: null,
      attachment_ids: [],
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: number };

    const { page } = performer;
    await page.goto(`${baseUrl()}/en/order/${id}`);
    await page.getByRole('button', { name: 'Send the bid' }).click();
    await expect(page.getByText('Name your price for a final bid.')).toBeVisible();
    await page.locator('label[for="bid-kind-preliminary"]').click();
    await expect(page.getByText('Name your price for a final bid.')).toHaveCount(0);
    await page.getByLabel('Comment').fill('I can do it within a week.');
    await page.getByLabel('Term, days').fill('7');
    await shots(page, 'forms-bid-form-en');
    await page.getByRole('button', { name: 'Send the bid' }).click();
    await expect(page.getByTestId('profile-prompt')).toBeVisible();
    await expect(page.getByTestId('profile-prompt-link')).toHaveAttribute(
      'href',
      `/en/freelancer/${performer.id}/about`,
    );
    await shot(page, 'forms-profile-prompt-en', false);
    await page.getByRole('button', { name: 'Later' }).click();

    await page.getByRole('button', { name: 'Make final' }).click();
    await page.getByLabel('Price').fill('1,100');
    await shots(page, 'forms-bid-make-final-en');
    await page.getByRole('button', { name: 'Save the bid' }).click();
    await expect(page.getByTestId('my-bid')).toContainText('$1,100');

    await switchLanguage(page, 'ru');
    await expect(page.getByTestId('my-bid')).toContainText('Окончательный');
    await shots(page, 'forms-my-bid-ru');
  });

  test('screenshots: the bid form and the prompt in Russian', async () => {
    const { page } = customer;
    const created = await unsafeApi(page, 'POST', '/api/orders', {
      name: `Рублёвый заказ ${kStamp}`,
      description: 'Заказ в рублях, чтобы посмотреть форму отклика на русском.',
      category_id: 1,
      specialization_id: null,
      skill_ids: [],
      budget: { amount: 2500000, currency: 'RUB' },
      deadline_at: null,
      payment_option: 'no_prepayment',
      country_id: null,
      city_id: null,
      attachment_ids: [],
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    await performer.page.goto(`${baseUrl()}/ru/order/${id}`);
    await performer.page.getByRole('button', { name: 'Откликнуться' }).click();
    await expect(performer.page.getByText('Напишите комментарий.')).toBeVisible();
    await shots(performer.page, 'forms-bid-form-errors-ru');
  });
});
