import { expect, test, type Page } from '@playwright/test';

import { baseUrl, catalogOf, expectFits, shot, signUpByApi, unsafeApi } from './support';

// Issue 25: a reader bookmarks an order and a vacancy from their pages (the star), opens Favourites from the
// avatar menu (the header's drawer on a phone) in Russian at 390 px and in English at 1366 px, sees each kind's tab with its count, removes one.

const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 900 };

async function post(page: Page, path: string, data: unknown): Promise<{ id: number }> {
  const response = await unsafeApi(page, 'POST', path, data);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: number };
}

test('favourites: bookmark an order and a vacancy, list them from the avatar menu, remove one', async ({
  browser,
}) => {
  const owner = await signUpByApi(browser, 'Owen', 'en');
  const categoryId = (await catalogOf(owner.page)).categories[0]!.id;
  const order = await post(owner.page, '/api/orders', {
    name: 'Логотип для пекарни',
    description: 'Простой логотип для небольшой пекарни: батон и название, два цвета.',
    category_id: categoryId,
    payment_option: 'no_prepayment',
    budget: null,
    deadline_at: null,
  });
  const company = await post(owner.page, '/api/companies', {
    name: 'Хлебный дом',
    description: 'Пекарни у дома.',
    website: null,
    industry: 'retail',
    size: '11_50',
    country_id: null,
    city_id: null,
    founded_year: 2012,
  });
  const vacancy = await post(owner.page, '/api/vacancies', {
    company_id: company.id,
    title: 'Пекарь в утреннюю смену',
    category_id: categoryId,
    specialization_id: null,
    description: 'Выпечка хлеба с 5 утра, дружная команда, обучение.',
    skill_ids: [],
    salary: null,
    employment: 'full',
    schedule: 'full_day',
    experience: 'none',
    education: 'any',
    country_id: null,
    city_id: null,
    address: '',
    contact: { name: 'Owen', email: owner.email, phone: '' },
    publish: true,
  });
  await owner.page.context().close();

  // Russian, phone: the star on the order's and the vacancy's pages.
  const { page } = await signUpByApi(browser, 'Rita', 'ru', { viewport: kPhone });
  await page.goto(`${baseUrl()}/ru/order/${order.id}`);
  const star = page.getByRole('button', { name: 'Добавить в избранное' });
  await star.click();
  await expect(page.getByRole('button', { name: 'Убрать из избранного' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto(`${baseUrl()}/ru/vacancy/${vacancy.id}`);
  await page.getByRole('button', { name: 'Добавить в избранное' }).click();
  await expect(page.getByRole('button', { name: 'Убрать из избранного' })).toBeVisible();
  await expectFits(page, 'the vacancy page with its star (ru, 390)');
  await shot(page, 'favourites-vacancy-star-ru-390');

  // At 390 px the avatar menu's entries are in the header's drawer.
  await page.getByRole('button', { name: 'Меню', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Меню' });
  await expect(drawer.getByRole('link', { name: 'Избранное' })).toBeVisible();
  await shot(page, 'favourites-menu-ru-390', false);
  await drawer.getByRole('link', { name: 'Избранное' }).click();
  await expect(page).toHaveURL(/\/ru\/favourites$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('favourites-tab-order')).toContainText('1');
  await expect(page.getByTestId('favourite-row')).toContainText('Логотип для пекарни');
  await expect(page.getByText('1 объект', { exact: true })).toBeVisible();
  await expectFits(page, 'favourites (ru, 390)');
  await shot(page, 'favourites-ru-390');

  // English, desktop: the vacancies' tab, then the order removed from the list.
  await page.setViewportSize(kDesktop);
  await page.goto(`${baseUrl()}/en`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Favourites' }).click();
  await expect(page).toHaveURL(/\/en\/favourites$/);
  await page.getByTestId('favourites-tab-vacancy').click();
  await expect(page.getByTestId('favourite-row')).toContainText('Пекарь в утреннюю смену');
  await expect(page.getByTestId('favourite-row')).toContainText('Хлебный дом');
  await expectFits(page, 'favourites (en, 1366)');
  await shot(page, 'favourites-en-1366');
  await page.getByTestId('favourites-tab-order').click();
  await page.getByRole('button', { name: 'Remove from favourites' }).click();
  await expect(page.getByText('Nothing here yet.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('favourites-tab-order')).toContainText('0');
  await shot(page, 'favourites-en-1366-removed');
  await page.context().close();
});
