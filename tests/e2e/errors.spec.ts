import { expect, test, type Browser, type Page } from '@playwright/test';

import { baseUrl, catalogOf, shot, signUpByApi, unsafeApi, type Account } from './support';

// Issue 9, error states, toasts, lists and navigation, against the real artel binary: the API answering 503
// on a signed-in page (the session stays, an error block with a retry, one toast), Back to a list keeps its
// pages and scroll, a deleted order and a 404 make no "not found" toasts, toasts stay clear of the header,
// both profile addresses redirect alike, the result count, the time since posting, and personal offers.

const kStamp = Date.now().toString(36);
const kOrders = 45;
const kDesktop = { width: 1366, height: 860 };
const kUnavailable = 'Сервис временно недоступен. Повторите попытку чуть позже.';

async function categoryId(page: Page): Promise<number> {
  return (await catalogOf(page)).categories[0]!.id;
}

function orderInput(name: string, category: number) {
  return {
    name,
    description: 'Нужна аккуратная работа по описанию: подробности в переписке, сроки обсудим.',
    category_id: category,
    payment_option: 'safe_deal',
    budget: null,
    deadline_at: null,
  };
}

async function createOrder(page: Page, name: string, category: number): Promise<number> {
  const response = await unsafeApi(page, 'POST', '/api/orders', orderInput(name, category));
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const cards = (page: Page) => page.getByTestId('order-card');

test.describe.configure({ mode: 'serial' });

test.describe('error states, toasts, lists and navigation', () => {
  let customer: Account;
  let performer: Account;
  let category = 0;
  let offerId = 0;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    customer = await signUpByApi(browser, 'Olga', 'ru', {
      lastname: 'Sidorova',
      viewport: kDesktop,
      acceptCookies: false,
    });
    performer = await signUpByApi(browser, 'Ivan', 'ru', {
      lastname: 'Petrov',
      viewport: kDesktop,
      acceptCookies: false,
    });
    category = await categoryId(customer.page);
    for (let i = 1; i <= kOrders; i += 1) {
      await createOrder(customer.page, `Заказ ${kStamp} номер ${i}`, category);
    }
    const offer = await unsafeApi(customer.page, 'POST', '/api/job-offers', {
      ...orderInput(`Личное предложение ${kStamp}`, category),
      performer_id: performer.id,
    });
    expect(offer.status(), await offer.text()).toBe(201);
    offerId = ((await offer.json()) as { order: { id: number } }).order.id;
  });

  test.afterAll(async () => {
    await customer.page.context().close();
    await performer.page.context().close();
  });

  test('API down (503): the header keeps the user, an error block retries, one toast', async () => {
    const { page } = customer;
    await page.goto(`${baseUrl()}/ru/customer/${customer.id}/orders`);
    await expect(page.getByTestId('my-orders').getByTestId('order-card').first()).toBeVisible();
    await expect(page.getByTestId('header-user-name')).toHaveText('Olga Sidorova');

    await page.route('**/api/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'ServiceUnavailable', message: kUnavailable }),
      }),
    );
    await page.reload();
    await expect(page.getByTestId('header-user-name')).toHaveText('Olga Sidorova');
    await expect(page.getByRole('link', { name: 'Войти' })).toHaveCount(0);
    const block = page.getByTestId('query-error').first();
    await expect(block).toContainText(kUnavailable);
    await expect(block.getByRole('button', { name: 'Повторить' })).toBeVisible();
    await expect(page.locator('.page-loader')).toHaveCount(0);
    // Several queries failed: one toast (with their count), not a stack; no cookie notice for a signed-in user.
    await expect(page.locator('.p-toast-message')).toHaveCount(1);
    await expect(page.locator('.p-toast-message')).toContainText(kUnavailable);
    await page.waitForTimeout(3500);
    await expect(page.locator('.cookie-notice')).toHaveCount(0);
    await expect(page.locator('.p-toast-message')).toHaveCount(1);
    await shot(page, 'api-down-ru-1366', false);

    await page.unroute('**/api/**');
    // The catalog failed first: the page is its error block; its retry brings the page and the list.
    await page.getByTestId('query-error').first().getByRole('button', { name: 'Повторить' }).click();
    await expect(page.getByTestId('my-orders').getByTestId('order-card').first()).toBeVisible();
    await expect(page.getByTestId('my-orders').getByTestId('query-error')).toHaveCount(0);
    await expect(page.getByTestId('header-user-name')).toHaveText('Olga Sidorova');
  });

  test('toasts stay clear of the header controls, on desktop and phone', async () => {
    const { page } = customer;
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${baseUrl()}/ru/orders`);
      await expect(cards(page).first()).toBeVisible();
      await page.route(/\/api\/orders\?.*cursor=/, (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'ServiceUnavailable', message: kUnavailable }),
        }),
      );
      await page.getByRole('button', { name: 'Показать ещё' }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      const toast = page.locator('.p-toast-message').first();
      await expect(toast).toBeVisible();
      await page.waitForTimeout(500);
      const header = (await page.locator('#page-header').boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await shot(page, `toast-ru-${width}`, false);
      await page.unroute(/\/api\/orders\?.*cursor=/);
    }
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  test('Back to the list, or its "All orders" link, keeps the loaded pages and the scroll position', async () => {
    const { page } = performer;
    for (const way of ['back', 'link'] as const) {
      await page.goto(`${baseUrl()}/ru/orders`);
      await expect(cards(page)).toHaveCount(20);
      await page.getByRole('button', { name: 'Показать ещё' }).click();
      await expect(cards(page)).toHaveCount(40);
      const target = cards(page).nth(33);
      await target.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(1000);
      await target.getByRole('link').click();
      await expect(page).toHaveURL(/\/ru\/order\/\d+$/);
      await expect(page.getByTestId('order-title')).toBeVisible();
      if (way === 'back') {
        await page.goBack();
      } else {
        const link = page.getByTestId('all-orders');
        await expect(link).toHaveText('Все заказы');
        await expect(link).toHaveAttribute('href', '/ru/orders');
        await link.click();
      }
      await expect(page).toHaveURL(/\/ru\/orders$/);
      await expect(cards(page)).toHaveCount(40);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 60);
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 60);
    }
    // A fresh visit from the menu starts at the top, with one page.
    await page.goto(`${baseUrl()}/ru/order/${offerId}`);
    await page.getByTestId('nav-orders').click();
    await expect(cards(page)).toHaveCount(20);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('deleting an order: one "deleted" toast, no "not found"', async () => {
    const { page } = customer;
    const id = await createOrder(page, `Удаляемый заказ ${kStamp}`, category);
    await page.goto(`${baseUrl()}/ru/order/${id}`);
    await page.getByRole('button', { name: 'Удалить', exact: true }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Да' }).click();
    await expect(page).toHaveURL(/\/ru\/orders$/);
    await expect(page.locator('.p-toast-message')).toContainText('Заказ удалён');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await expect(page.locator('.p-toast-message')).toHaveCount(1);
  });

  test('every 404 has the same title, "404" once and no toast; both profile addresses open a page', async () => {
    const { page } = customer;
    for (const [lang, title] of [
      ['ru', '404 - Страница не найдена'],
      ['en', '404 - Page not found'],
    ] as const) {
      for (const path of [
        'no-such-page',
        'order/abc',
        'order/99999999',
        'customer/99999999/orders',
        'freelancer/99999999',
      ]) {
        await page.goto(`${baseUrl()}/${lang}/${path}`);
        await expect(page.getByTestId('not-found')).toBeVisible();
        await expect(page).toHaveTitle(title);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.p-toast-message')).toHaveCount(0);
        await expect(page.locator('main')).toContainText('404');
        expect(((await page.locator('main').textContent()) ?? '').split('404').length - 1).toBe(1);
      }
    }
    // customer/{id} redirects to its default page, the orders; freelancer/{id} is the portfolio itself (SPEC §2).
    await page.goto(`${baseUrl()}/ru/customer/${performer.id}`);
    await expect(page).toHaveURL(new RegExp(`/ru/customer/${performer.id}/orders$`));
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await page.goto(`${baseUrl()}/ru/freelancer/${performer.id}`);
    await expect(page.getByTestId('portfolio')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/ru/freelancer/${performer.id}$`));
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  });

  test('the list shows the result count and how long ago each order was posted', async () => {
    const { page } = performer;
    await page.goto(`${baseUrl()}/ru/orders?q=${kStamp}`);
    await expect(page.getByTestId('result-count')).toHaveText(`Найдено ${kOrders} заказов`);
    await expect(cards(page).first().getByTestId('order-posted')).toHaveText(
      /^Опубликован (в эту минуту|\d+ (минуту|минуты|минут) назад)$/,
    );
    await page.goto(`${baseUrl()}/en/orders?q=${kStamp}`);
    await expect(page.getByTestId('result-count')).toHaveText(`${kOrders} orders found`);
    await expect(cards(page).first().getByTestId('order-posted')).toHaveText(
      /^Posted (this minute|\d+ minutes? ago)$/,
    );
  });

  test('personal offer: the customer sees to whom, pending, and when; the performer a countdown', async () => {
    await customer.page.goto(`${baseUrl()}/ru/order/${offerId}`);
    const offer = customer.page.getByTestId('sent-offer');
    await expect(offer).toContainText('Ivan Petrov');
    await expect(offer).toContainText('Ждёт ответа');
    await expect(offer.getByTestId('invitation-countdown')).toHaveText(/^Осталось 23 ч \d+ мин$/);

    await performer.page.goto(`${baseUrl()}/ru/order/${offerId}`);
    await expect(performer.page.getByTestId('invitation-box').getByTestId('invitation-countdown')).toHaveText(
      /^Осталось 23 ч \d+ мин$/,
    );
  });

  test('screenshots of the touched screens, both languages, 1366 and 390', async () => {
    test.setTimeout(300_000);
    for (const lang of ['ru', 'en'] as const) {
      for (const width of [1366, 390]) {
        for (const person of [customer, performer]) await person.page.setViewportSize({ width, height: 844 });
        const suffix = `${lang}-${width}`;
        await performer.page.goto(`${baseUrl()}/${lang}/orders`);
        await expect(cards(performer.page).first()).toBeVisible();
        await shot(performer.page, `orders-list-${suffix}`, false);
        await customer.page.goto(`${baseUrl()}/${lang}/order/${offerId}`);
        await expect(customer.page.getByTestId('sent-offer')).toBeVisible();
        await shot(customer.page, `order-sent-offer-${suffix}`);
        await performer.page.goto(`${baseUrl()}/${lang}/order/${offerId}`);
        await expect(performer.page.getByTestId('invitation-box')).toBeVisible();
        await shot(performer.page, `order-invitation-${suffix}`);
        await performer.page.goto(`${baseUrl()}/${lang}/freelancer/${performer.id}/orders`);
        await expect(performer.page.getByTestId('invitations')).toBeVisible();
        await shot(performer.page, `my-invitations-${suffix}`);
        await customer.page.goto(`${baseUrl()}/${lang}/order/abc`);
        await expect(customer.page.getByTestId('not-found')).toBeVisible();
        await shot(customer.page, `not-found-${suffix}`, false);
        await customer.page.route('**/api/**', (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'ServiceUnavailable', message: kUnavailable }),
          }),
        );
        await customer.page.goto(`${baseUrl()}/${lang}/customer/${customer.id}/orders`);
        await expect(customer.page.getByTestId('query-error').first()).toBeVisible();
        await shot(customer.page, `api-down-${suffix}`, false);
        await customer.page.goto(`${baseUrl()}/${lang}/orders`);
        await expect(customer.page.getByTestId('query-error').first()).toBeVisible();
        await shot(customer.page, `api-down-orders-${suffix}`, false);
        await customer.page.unroute('**/api/**');
      }
    }
  });
});
