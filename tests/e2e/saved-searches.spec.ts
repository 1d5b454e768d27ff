import { expect, test } from '@playwright/test';

import { baseUrl, catalogOf, expectFits, shot, signUpByApi, unsafeApi } from './support';

// Issue 25: a freelancer saves a search of the orders list in Russian at 390 px; another user publishes a matching
// order through the API; in English at 1366 px "My searches" (the avatar menu) shows the new match, and opening
// the search shows the list with its filters and resets the count.

const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 900 };

test('saved searches: save in ru at 390 px, a matching order arrives, the badge in en at 1366 px', async ({
  browser,
}) => {
  // A word no other order has (Latin letters, kept whole by every text-search configuration).
  const word = `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
  const { page } = await signUpByApi(browser, 'Sasha', 'ru', { viewport: kPhone });
  await page.goto(`${baseUrl()}/ru/orders?q=${word}`);
  await page.getByTestId('save-search').click();
  await expect(page.getByTestId('search-name')).toHaveValue(word);
  await page.getByTestId('search-name').fill(`Логотипы ${word}`);
  await expectFits(page, 'the save search dialog (ru, 390)');
  await shot(page, 'saved-searches-dialog-ru-390', false);
  await page.getByTestId('search-dialog-submit').click();
  await expect(page.getByText('Поиск сохранён.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('search-name')).toBeHidden();

  // Somebody else publishes a matching order.
  const customer = await signUpByApi(browser, 'Owen', 'en');
  const categoryId = (await catalogOf(customer.page)).categories[0]!.id;
  const response = await unsafeApi(customer.page, 'POST', '/api/orders', {
    name: `Logo for a bakery ${word}`,
    description: 'A simple logo for a small bakery: a loaf and the name, two colours.',
    category_id: categoryId,
    payment_option: 'no_prepayment',
    budget: null,
    deadline_at: null,
  });
  expect(response.ok(), await response.text()).toBe(true);
  await customer.page.context().close();

  // English, desktop: the avatar menu's "My searches" with the new match.
  await page.setViewportSize(kDesktop);
  await page.goto(`${baseUrl()}/en`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My searches' }).click();
  await expect(page).toHaveURL(/\/en\/searches$/);
  const row = page.getByTestId('saved-search');
  await expect(row).toContainText(`Логотипы ${word}`);
  await expect(row.getByTestId('saved-search-new')).toHaveText('1 new');
  await expectFits(page, 'my searches (en, 1366)');
  await shot(page, 'saved-searches-en-1366');

  // Opening it shows the list with its filters and resets the count.
  await row.getByTestId('saved-search-open').click();
  await expect(page).toHaveURL(new RegExp(`/en/orders\\?q=${word}$`));
  await expect(page.getByTestId('order-results')).toContainText(`Logo for a bakery ${word}`);
  await page.goBack();
  await expect(page.getByTestId('saved-search')).toContainText('Nothing new');
  await page.context().close();
});
