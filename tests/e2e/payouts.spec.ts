import { expect, test, type Page } from '@playwright/test';

import { kAdminEmail, kAdminPassword } from './global-setup';
import { baseUrl, expectFits, shot, signUpByApi, unsafeApi } from './support';

// Issue 24, payouts in the browser: a user with a balance saves a card and withdraws part of it in Russian on a
// 390 px phone, and follows the payout to "Выплачена" (the payout job sends it, the sandbox's signed webhook settles
// it); an admin approves a payout above the approval threshold in English at 1366 px. Screenshots of both screens,
// without a horizontal scroll.

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

// Money in the wallet through the sandbox's checkout, credited by its webhook shortly after.
async function fund(page: Page, amount: string): Promise<void> {
  const topup = await json<{ id: number }>(
    await payApi(page, '/api/wallet/topups', { amount, currency: 'RUB' }),
  );
  await json(
    await unsafeApi(page, 'POST', `/api/wallet/sandbox/${topup.id}/pay`, {
      card_number: '4242 4242 4242 4242',
    }),
  );
  await expect
    .poll(
      async () =>
        (await (
          await page.request.get(`${baseUrl()}/api/wallet`, {
            headers: { 'X-Requested-With': 'XMLHttpRequest' },
          })
        ).json()) as { balances: { available: string }[] },
      { timeout: 15_000 },
    )
    .toMatchObject({ balances: [{ available: amount }] });
}

test('a user withdraws in Russian on a phone, an admin approves a large payout in English', async ({
  browser,
}) => {
  test.setTimeout(120_000);

  // Russian, 390 px: no saved method yet, so the dialog asks for a card first; then 300 of the 1 000.
  const ru = (await signUpByApi(browser, 'Vera', 'ru', { viewport: kPhone })).page;
  await fund(ru, '1000.00');
  await ru.goto(`${baseUrl()}/ru/bill`);
  await ru.getByTestId('payout-open').click();
  const methodForm = ru.getByTestId('payout-method-form');
  await methodForm.getByLabel('Номер карты').fill('4242 4242 4242 4241');
  await ru.getByTestId('payout-method-save').click();
  await expect(methodForm.getByText('Такого номера карты не бывает: проверьте цифры.')).toBeVisible();
  await methodForm.getByLabel('Номер карты').fill('4242 4242 4242 4242');
  await ru.getByTestId('payout-method-save').click();
  const dialog = ru.getByTestId('payout-dialog');
  await expect(dialog.getByTestId('payout-limits')).toContainText('Доступно: 1 000,00');
  await expectFits(ru, 'ru payout dialog at 390');
  await shot(ru, 'payout-dialog-ru-390', false);
  await dialog.locator('#payout-amount').fill('4,99');
  await ru.getByTestId('payout-submit').click();
  await expect(dialog.getByText('Минимальная выплата — 5.00 RUB.')).toBeVisible();
  await dialog.locator('#payout-amount').fill('300');
  await ru.getByTestId('payout-submit').click();
  await expect(ru.getByTestId('payout-requested')).toContainText('Выплата запрошена');
  const item = ru.getByTestId('payout').first();
  await expect(item).toContainText('300,00');
  await expect(item.getByTestId('payout-status')).toHaveText('Выплачена', { timeout: 30_000 });
  await expect(ru.getByTestId('balance-RUB').getByTestId('balance-available')).toContainText('700,00');
  await expect(ru.getByTestId('payout-method-item')).toContainText('•••• 4242');
  await expectFits(ru, 'ru /bill with a payout at 390');
  await shot(ru, 'payouts-bill-ru-390');

  // A payout above the approval threshold (15 000) waits for an admin.
  const en = await signUpByApi(browser, 'Payee', 'en', { viewport: kDesktop, lastname: 'Largesum' });
  await fund(en.page, '20000.00');
  const method = await json<{ id: number }>(
    await unsafeApi(en.page, 'POST', '/api/wallet/payout-methods', {
      kind: 'yoo_money',
      number: '410011234567890',
    }),
  );
  const payout = await json<{ id: number; status: string }>(
    await payApi(en.page, '/api/wallet/payouts', {
      method_id: method.id,
      amount: '16000.00',
      currency: 'RUB',
    }),
  );
  expect(payout.status).toBe('pending_approval');

  const adminContext = await browser.newContext({ locale: 'en-US', viewport: kDesktop });
  const admin = await adminContext.newPage();
  await admin.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
  await admin.goto(`${baseUrl()}/en/login`);
  await admin.getByLabel('E-mail', { exact: true }).fill(kAdminEmail);
  await admin.getByLabel('Password', { exact: true }).fill(kAdminPassword);
  await admin.getByRole('button', { name: 'Log in' }).click();
  await expect(admin.getByTestId('header-user-name')).toHaveText('Admin');
  await admin.goto(`${baseUrl()}/en/admin/payouts`);
  const pending = admin.getByTestId('pending-payout').filter({ hasText: 'Payee Largesum' });
  await expect(pending).toContainText('16,000.00');
  await expect(pending).toContainText('YooMoney wallet 4100 •••• 7890');
  await expectFits(admin, 'en admin payouts at 1366');
  await shot(admin, 'admin-payouts-en-1366');
  await pending.getByTestId('payout-approve').click();
  await expect(pending).toHaveCount(0);
  await adminContext.close();

  // The owner sees it go out.
  await en.page.goto(`${baseUrl()}/en/bill`);
  await expect(en.page.getByTestId('payout').first().getByTestId('payout-status')).toHaveText('Paid out', {
    timeout: 30_000,
  });
  await expect(en.page.getByTestId('balance-RUB').getByTestId('balance-available')).toContainText('4,000.00');
});
