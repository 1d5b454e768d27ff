import { expect, test, type Page } from '@playwright/test';

import { kAdminEmail, kAdminPassword } from './global-setup';
import { baseUrl, catalogOf, expectFits, shot, signUpByApi, unsafeApi } from './support';

// Issue 24, the safe deal in the browser: a customer and a performer of a safe-deal order in progress (made through
// the API); the customer's wallet is topped up through the sandbox; on the order page the customer adds a
// milestone, sees the fee before funding and funds it, the performer delivers, the customer accepts, and the
// performer's wallet shows the payment minus the fee. The customer works in Russian on a 390 px phone, the
// performer in English at 1366 px; screenshots of the panel in both languages at both widths, without a
// horizontal scroll.

const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 900 };

// A money-moving call as the SPA makes it, with its Idempotency-Key.
async function payApi(page: Page, path: string, data: unknown) {
  const cookies = await page.context().cookies(baseUrl());
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post(`${baseUrl()}${path}`, {
    data,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
}

async function json<T>(response: { ok(): boolean; status(): number; text(): Promise<string> }): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${response.status()}: ${text}`);
  return JSON.parse(text) as T;
}

test('fund, deliver and accept a milestone of a safe deal', async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signUpByApi(browser, 'Dealer', 'ru', { viewport: kPhone, intent: 'customer' });
  const performer = await signUpByApi(browser, 'Maker', 'en', { viewport: kDesktop, intent: 'performer' });
  const ru = customer.page;
  const en = performer.page;

  // The order, the bid and the selection through the API: the deal is what this spec is about.
  const catalog = await catalogOf(ru);
  const category = catalog.categories[0];
  const order = await json<{ id: number }>(
    await unsafeApi(ru, 'POST', '/api/orders', {
      name: 'Сайт для пекарни: пять страниц',
      description: 'Главная, меню, доставка, контакты и страница о нас. Адаптивная вёрстка.',
      category_id: category?.id,
      specialization_id: category?.specializations[0]?.id ?? null,
      skill_ids: [],
      budget: { amount: 3_000_000, currency: 'RUB' },
      deadline_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      payment_option: 'safe_deal',
      country_id: null,
      city_id: null,
    }),
  );
  const bid = await json<{ bid: { id: number } }>(
    await unsafeApi(en, 'POST', `/api/orders/${order.id}/bids`, {
      kind: 'final',
      comment: 'I have built three bakery sites this year.',
      term_days: 7,
      price: { amount: 2_500_000, currency: 'RUB' },
    }),
  );
  await json(await unsafeApi(ru, 'POST', `/api/orders/${order.id}/select`, { bid_id: bid.bid.id }));
  const topup = await json<{ id: number }>(
    await payApi(ru, '/api/wallet/topups', { amount: '4000.00', currency: 'RUB' }),
  );
  await json(
    await unsafeApi(ru, 'POST', `/api/wallet/sandbox/${topup.id}/pay`, {
      card_number: '4242 4242 4242 4242',
    }),
  );

  // The customer, in Russian on a phone: an empty deal, a milestone, the fee before funding.
  await ru.goto(`${baseUrl()}/ru/order/${order.id}`);
  const panel = ru.getByTestId('deal-panel');
  await expect(panel.getByTestId('deal-empty')).toBeVisible();
  await expectFits(ru, 'ru order with an empty deal at 390');
  await ru.getByTestId('milestone-add-open').click();
  const form = ru.getByTestId('milestone-form');
  await form.getByLabel('Этап').fill('Дизайн главной страницы');
  await form.getByLabel('Сумма, RUB').fill('10 000');
  await ru.getByTestId('milestone-add').click();
  await expect(panel.getByTestId('milestone-status')).toHaveText('Не оплачен');
  // The top-up's webhook arrives shortly after the payment.
  await expect
    .poll(
      async () =>
        (await (
          await ru.request.get(`${baseUrl()}/api/wallet`, {
            headers: { 'X-Requested-With': 'XMLHttpRequest' },
          })
        ).json()) as { balances: { available: string }[] },
      { timeout: 15_000 },
    )
    .toMatchObject({ balances: [{ available: '4000.00' }] });
  // 4 000 in the wallet for a 10 000 milestone: the dialog says what is missing and tops up exactly that,
  // and the checkout leads back to the order.
  await panel.getByTestId('milestone-fund').click();
  await expect(ru.getByTestId('deal-shortfall')).toContainText('не хватает 6 000,00');
  await shot(ru, 'deal-shortfall-ru-390', false);
  await ru.getByTestId('deal-top-up').click();
  await expect(ru.locator('#topup-amount')).toHaveValue('6000,00');
  await ru.getByTestId('topup-submit').click();
  await ru.locator('#sandbox-card').fill('4242 4242 4242 4242');
  await ru.getByTestId('sandbox-pay').click();
  await expect(ru.getByTestId('sandbox-succeeded')).toBeVisible({ timeout: 15_000 });
  await expect(ru.getByTestId('sandbox-back')).toHaveText('Вернуться к заказу');
  await ru.getByTestId('sandbox-back').click();
  await expect(ru).toHaveURL(new RegExp(`/ru/order/${order.id}$`));
  await panel.getByTestId('milestone-fund').click();
  await expect(ru.getByTestId('deal-step')).toBeVisible();
  await expect(ru.getByTestId('deal-shortfall')).toHaveCount(0);
  const fee = ru.getByTestId('deal-fee');
  await expect(fee).toContainText('1 000,00');
  await expect(fee).toContainText('9 000,00');
  await shot(ru, 'deal-fund-ru-390', false);
  await ru.getByTestId('deal-step-confirm').click();
  await expect(panel.getByTestId('milestone-status')).toHaveText('Оплачен');
  await expect(panel.getByTestId('deal-in-escrow')).toContainText('10 000,00');
  await expectFits(ru, 'ru funded deal at 390');
  await shot(ru, 'deal-funded-ru-390');
  await ru.setViewportSize(kDesktop);
  await shot(ru, 'deal-funded-ru-1366');
  await ru.setViewportSize(kPhone);

  // The performer, in English at 1366 px: delivers.
  await en.goto(`${baseUrl()}/en/order/${order.id}`);
  const performerPanel = en.getByTestId('deal-panel');
  await expect(performerPanel.getByTestId('milestone-status')).toHaveText('Funded');
  await performerPanel.getByTestId('milestone-deliver').click();
  await en
    .getByTestId('deal-step')
    .getByRole('textbox', { name: 'Message' })
    .fill('The home page design is in the attached Figma link.');
  await en.getByTestId('deal-step-confirm').click();
  await expect(performerPanel.getByTestId('milestone-status')).toHaveText('Delivered');
  await expectFits(en, 'en delivered deal at 1366');
  await shot(en, 'deal-delivered-en-1366');
  await en.setViewportSize(kPhone);
  await expectFits(en, 'en delivered deal at 390');
  await shot(en, 'deal-delivered-en-390');
  await en.setViewportSize(kDesktop);

  // The customer accepts; the performer is paid minus the fee.
  await ru.reload();
  await expect(panel.getByTestId('milestone-status')).toHaveText('Сдан');
  await panel.getByTestId('milestone-accept').click();
  await ru.getByTestId('deal-step-confirm').click();
  await expect(panel.getByTestId('milestone-status')).toHaveText('Выплачен');
  await shot(ru, 'deal-released-ru-390');
  await en.goto(`${baseUrl()}/en/bill`);
  await expect(en.getByTestId('balance-RUB').getByTestId('balance-available')).toContainText('9,000.00');
  await expect(en.getByTestId(`wallet-deal-${order.id}`)).toBeVisible();
  await shot(en, 'deal-bill-en-1366');
  await ru.goto(`${baseUrl()}/ru/bill`);
  await expect(ru.getByTestId(`wallet-deal-${order.id}`)).toBeVisible();
  await expectFits(ru, 'ru /bill with deals at 390');
  await shot(ru, 'deal-bill-ru-390');

  // A second milestone, funded, and the performer disputes it (through the API): the admins' queue lists it, in
  // Russian on a phone and in English at 1366 px, and leads to the order, where the admin splits it.
  const added = await json<{ milestones: { id: number }[] }>(
    await unsafeApi(ru, 'POST', `/api/orders/${order.id}/deal/milestones`, {
      title: 'Вёрстка',
      amount: '2000.00',
      currency: 'RUB',
    }),
  );
  const second = added.milestones[added.milestones.length - 1]!.id;
  const more = await json<{ id: number }>(
    await payApi(ru, '/api/wallet/topups', { amount: '2000.00', currency: 'RUB' }),
  );
  await json(
    await unsafeApi(ru, 'POST', `/api/wallet/sandbox/${more.id}/pay`, { card_number: '4242 4242 4242 4242' }),
  );
  // Funded once the top-up's webhook has credited the wallet.
  await expect
    .poll(async () => (await payApi(ru, `/api/deals/milestones/${second}/fund`, {})).status(), {
      timeout: 15_000,
    })
    .toBe(200);
  await json(
    await unsafeApi(en, 'POST', `/api/deals/milestones/${second}/dispute`, {
      message: 'The customer stopped answering.',
    }),
  );
  const adminContext = await browser.newContext({ locale: 'ru-RU', viewport: kPhone });
  const admin = await adminContext.newPage();
  await admin.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
  await admin.goto(`${baseUrl()}/ru/login`);
  await admin.getByLabel('E-mail', { exact: true }).fill(kAdminEmail);
  await admin.getByLabel('Пароль', { exact: true }).fill(kAdminPassword);
  await admin.getByRole('button', { name: 'Войти' }).click();
  await expect(admin.getByTestId('header-user-name')).toHaveText('Admin');
  await admin.goto(`${baseUrl()}/ru/admin/disputes`);
  const item = admin.getByTestId('dispute').filter({ hasText: 'Сайт для пекарни: пять страниц' });
  await expect(item).toContainText('Открыт исполнителем (Maker Tester)');
  await expect(item).toContainText('The customer stopped answering.');
  await expectFits(admin, 'ru admin disputes at 390');
  await shot(admin, 'admin-disputes-ru-390');
  await admin.goto(`${baseUrl()}/en/admin/disputes`);
  await admin.setViewportSize(kDesktop);
  await expect(item).toContainText('Opened by the performer (Maker Tester)');
  await shot(admin, 'admin-disputes-en-1366');
  await item.getByTestId('dispute-order').click();
  await expect(admin).toHaveURL(new RegExp(`/en/order/${order.id}$`));
  await expect(admin.getByTestId('deal-panel').getByRole('button', { name: /Resolve/ })).toBeVisible();
  await adminContext.close();
});
