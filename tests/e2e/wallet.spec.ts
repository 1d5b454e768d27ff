import { expect, test, type Page } from '@playwright/test';

import { baseUrl, choose, expectFits, shot, signUpByApi } from './support';

// Issue 24, the wallet's first slice in the browser: a user tops up through the embedded sandbox gateway — in
// Russian on a 390 px phone with the 3-D Secure card, in English at 1366 px with the card that succeeds — and sees
// the balance and the statement line once the acquirer's signed webhook has been taken. Screenshots of /bill and of
// the TEST checkout in both languages at both widths, without a horizontal scroll.

const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 900 };

async function topUp(
  page: Page,
  amount: string,
  currency: string,
  submit: string,
  accepted = true,
): Promise<void> {
  await page.getByTestId('topup-open').click();
  const dialog = page.getByTestId('topup-dialog');
  await dialog.locator('#topup-amount').fill(amount);
  await choose(page, '#topup-currency', currency);
  await page.getByRole('button', { name: submit }).click();
  if (accepted) await expect(page.getByTestId('sandbox-page')).toBeVisible();
}

test('a top-up through the sandbox in Russian on a phone and in English on a desktop', async ({
  browser,
}) => {
  test.setTimeout(120_000);

  // Russian, 390 px: the card that asks for 3-D Secure.
  const ru = (await signUpByApi(browser, 'Olga', 'ru', { viewport: kPhone })).page;
  await ru.goto(`${baseUrl()}/ru/bill`);
  await expect(ru.getByTestId('wallet-empty')).toBeVisible();
  await expectFits(ru, 'ru /bill empty at 390');
  await shot(ru, 'wallet-bill-empty-ru-390');
  await topUp(ru, '1 500,50', 'RUB', 'Перейти к оплате');
  await expect(ru.getByTestId('sandbox-banner')).toContainText('ТЕСТОВАЯ СТРАНИЦА ОПЛАТЫ');
  await expect(ru.getByTestId('checkout-amount')).toContainText('1 500,50');
  await expectFits(ru, 'ru checkout at 390');
  await shot(ru, 'wallet-checkout-ru-390');
  await ru.setViewportSize(kDesktop);
  await shot(ru, 'wallet-checkout-ru-1366');
  await ru.setViewportSize(kPhone);
  await ru.getByLabel('Номер карты').fill('4000 0000 0000 3220');
  await ru.getByTestId('sandbox-pay').click();
  await expect(ru.getByTestId('sandbox-3ds')).toBeVisible();
  await ru.getByLabel('Код').fill('0000');
  await ru.getByTestId('sandbox-confirm').click();
  await expect(ru.getByText('Неверный код. Тестовый код — 1234.')).toBeVisible();
  await ru.getByLabel('Код').fill('1234');
  await ru.getByTestId('sandbox-confirm').click();
  await expect(ru.getByTestId('sandbox-succeeded')).toBeVisible({ timeout: 15_000 });
  await shot(ru, 'wallet-checkout-done-ru-390');
  await ru.getByTestId('sandbox-back').click();
  await expect(ru.getByTestId('balance-RUB').getByTestId('balance-available')).toContainText('1 500,50');
  await expect(ru.getByTestId('statement-line')).toHaveCount(1);
  await expect(ru.getByTestId('statement-line')).toContainText('Пополнение');
  await expect(ru.getByTestId('statement-amount')).toContainText('+1 500,50');
  await expectFits(ru, 'ru /bill at 390');
  await shot(ru, 'wallet-bill-ru-390');
  await ru.setViewportSize(kDesktop);
  await shot(ru, 'wallet-bill-ru-1366');

  // English, 1366 px: the card that succeeds, after a declined one.
  const en = (await signUpByApi(browser, 'Wallet', 'en', { viewport: kDesktop })).page;
  await en.goto(`${baseUrl()}/en/bill`);
  await expect(en.getByTestId('wallet-empty')).toBeVisible();
  await topUp(en, '0', 'USD', 'Continue to payment', false);
  await expect(en.getByTestId('sandbox-page')).toHaveCount(0);
  await expect(en.getByText('The amount must be greater than zero.')).toBeVisible();
  await en.locator('#topup-amount').fill('250');
  await en.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(en.getByTestId('sandbox-banner')).toContainText('TEST PAYMENT PAGE');
  await expect(en.getByTestId('checkout-amount')).toContainText('$250.00');
  await expectFits(en, 'en checkout at 1366');
  await shot(en, 'wallet-checkout-en-1366');
  await en.setViewportSize(kPhone);
  await expectFits(en, 'en checkout at 390');
  await shot(en, 'wallet-checkout-en-390');
  await en.setViewportSize(kDesktop);
  await en.getByLabel('Card number').fill('4242 4242 4242 4242');
  await en.getByTestId('sandbox-pay').click();
  await expect(en.getByTestId('sandbox-succeeded')).toContainText('$250.00', { timeout: 15_000 });
  await en.getByTestId('sandbox-back').click();
  await expect(en.getByTestId('balance-USD').getByTestId('balance-available')).toContainText('$250.00');
  await expect(en.getByTestId('statement-line')).toContainText('Top-up');
  await expect(en.getByTestId('statement-amount')).toContainText('+$250.00');
  await expectFits(en, 'en /bill at 1366');
  await shot(en, 'wallet-bill-en-1366');
  await en.setViewportSize(kPhone);
  await expectFits(en, 'en /bill at 390');
  await shot(en, 'wallet-bill-en-390');
  // The statement's filters: money out of this wallet there is none yet.
  await choose(en, '#statement-direction', 'Money out');
  await expect(en.getByTestId('statement-empty')).toContainText('No entries match the filters.');
  // The avatar menu leads to the wallet.
  await en.setViewportSize(kDesktop);
  await en.goto(`${baseUrl()}/en`);
  await en.getByRole('button', { name: 'Account menu' }).click();
  await en.getByRole('menuitem', { name: 'Wallet' }).click();
  await expect(en.getByTestId('wallet-page')).toBeVisible();
});
