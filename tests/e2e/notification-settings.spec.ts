import { expect, test, type Page } from '@playwright/test';

import { baseUrl, shot, signUpByApi } from './support';

// Issue 25: the notification settings page, opened from the avatar menu; an interval changed in English at
// 1366 px and in Russian at 390 px, saved, and kept after a reload; screenshots of both languages at both widths.

const kWidths = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).locator('.p-dropdown').click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

async function shown(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).locator('.p-dropdown-label').innerText()).trim();
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal scroll').toBeLessThanOrEqual(client);
}

test('notification settings: from the avatar menu, saved and kept in both languages', async ({ browser }) => {
  const { page, id } = await signUpByApi(browser, 'Nina', 'en', { viewport: kWidths.desktop });
  const settingsPath = (lang: string) => `/${lang}/settings/${id}/notifications`;

  // English, desktop: the avatar menu's settings group leads to the page.
  await page.goto(`${baseUrl()}/en`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(new RegExp(`${settingsPath('en')}$`));
  await expect(page.getByRole('heading', { name: 'Orders and bids' })).toBeVisible();
  await expect(page.getByTestId('kind-bid_received')).toContainText('New bid on your order');
  expect(await shown(page, 'interval-bid_received-email')).toBe('Immediately');
  await pick(page, 'interval-bid_received-email', 'Daily digest');
  await page.locator('label', { hasText: 'Quiet hours' }).click();
  await page.getByLabel('From').fill('23:15');
  await page.getByLabel('To').fill('07:45');
  await page.getByTestId('save-notification-settings').click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('kind-bid_received')).toBeVisible();
  expect(await shown(page, 'interval-bid_received-email')).toBe('Daily digest');
  await expect(page.getByLabel('From')).toHaveValue('23:15');
  await expect(page.getByLabel('To')).toHaveValue('07:45');
  await noHorizontalScroll(page);
  await shot(page, 'notification-settings-en-1366');

  // Russian, phone: the settings sidebar leads here too; the rows are stacked cards.
  await page.setViewportSize(kWidths.phone);
  await page.goto(`${baseUrl()}/ru/settings/${id}/personal-data`);
  await page.locator('.settings-nav').getByRole('link', { name: 'Уведомления' }).click();
  await expect(page).toHaveURL(new RegExp(`${settingsPath('ru')}$`));
  await expect(page.getByTestId('kind-article_comment')).toContainText('Новый комментарий');
  expect(await shown(page, 'interval-bid_received-email')).toBe('Раз в день');
  await pick(page, 'interval-article_comment-site', 'Никогда');
  await page.getByTestId('save-notification-settings').click();
  await expect(page.getByText('Настройки уведомлений сохранены.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('kind-article_comment')).toBeVisible();
  expect(await shown(page, 'interval-article_comment-site')).toBe('Никогда');
  await noHorizontalScroll(page);
  await shot(page, 'notification-settings-ru-390');

  // The other two: English on the phone, Russian on the desktop.
  await page.goto(`${baseUrl()}${settingsPath('en')}`);
  await expect(page.getByTestId('kind-article_comment')).toBeVisible();
  expect(await shown(page, 'interval-article_comment-site')).toBe('Never');
  await noHorizontalScroll(page);
  await shot(page, 'notification-settings-en-390');
  await page.setViewportSize(kWidths.desktop);
  await page.goto(`${baseUrl()}${settingsPath('ru')}`);
  await expect(page.getByTestId('kind-bid_received')).toBeVisible();
  await noHorizontalScroll(page);
  await shot(page, 'notification-settings-ru-1366');
  await page.context().close();
});
