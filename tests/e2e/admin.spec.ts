import { expect, test, type Browser, type Page } from '@playwright/test';

import { kAdminEmail, kAdminPassword } from './global-setup';
import {
  baseUrl,
  catalogOf,
  choose,
  kTestPassword,
  shot,
  signUpByApi,
  unsafeApi,
  type Account,
} from './support';

// Issue 13, the admin panel (features/admin) and the landing pages (features/marketing): the dashboard, users
// (find, open, act as the user, block with a reason, unblock), the audit log, a landing page made in the admin
// that leads a guest into a pre-filled create-order; an ordinary user is kept out; nothing scrolls sideways at
// 390 px. Screenshots of every screen in both languages at 1366 and 390 px.

const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 900 };

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// The screen at 1366 and 390 px (saved as <name>-1366 / <name>-390), with no horizontal scroll on the phone.
async function shotBoth(page: Page, name: string): Promise<void> {
  for (const size of [kDesktop, kPhone]) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    // Polled: the layout for the new width may land a frame after the resize on a busy machine.
    await expect
      .poll(() => overflow(page), { message: `${name} at ${size.width} px scrolls sideways` })
      .toBeLessThanOrEqual(0);
    await shot(page, `admin-${name}-${size.width}`);
  }
  await page.setViewportSize(kDesktop);
}

async function signInAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: kDesktop });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
  await open(page, '/ru/login');
  await page.getByLabel('E-mail').fill(kAdminEmail);
  await page.getByLabel('Пароль').fill(kAdminPassword);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByTestId('header-user-name')).toContainText('Admin');
  return page;
}

test.describe.configure({ mode: 'serial' });

test.describe('admin panel', () => {
  let admin: Page;
  let user: Account;

  test.beforeAll(async ({ browser }) => {
    user = await signUpByApi(browser, 'Lidia', 'ru', { lastname: 'Adminova' });
    admin = await signInAdmin(browser);
  });

  test('an ordinary user typing /en/admin is sent to main', async () => {
    await open(user.page, '/en/admin');
    await expect(user.page).toHaveURL(new RegExp(`${baseUrl()}/en$`));
    await open(user.page, '/en/admin/users');
    await expect(user.page).toHaveURL(new RegExp(`${baseUrl()}/en$`));
  });

  test("the dashboard 'Админка' with its counts; the avatar menu links it", async () => {
    await open(admin, '/ru');
    await admin.getByRole('button', { name: 'Меню аккаунта' }).click();
    await admin.getByRole('menuitem', { name: 'Админка' }).click();
    await expect(admin).toHaveURL(/\/ru\/admin$/);
    await expect(admin.getByRole('heading', { name: 'Админка', level: 1 })).toBeVisible();
    await expect(admin).toHaveTitle(/Админка/);
    await expect(admin.getByTestId('tile-users')).toBeVisible();
    await shotBoth(admin, 'dashboard-ru');
    await open(admin, '/en/admin');
    await expect(admin.getByRole('heading', { name: 'Admin panel', level: 1 })).toBeVisible();
    await shotBoth(admin, 'dashboard-en');
  });

  test('finds the user in admin/users, opens the page, acts as them, and comes back', async () => {
    await open(admin, '/ru/admin/users');
    await admin.getByTestId('admin-users-search').fill(user.email);
    await admin.getByRole('button', { name: 'Найти' }).click();
    await expect(admin.getByTestId('admin-user-row')).toHaveCount(1);
    await shotBoth(admin, 'users-ru');
    await admin.getByRole('link', { name: 'Lidia Adminova' }).click();
    await expect(admin).toHaveURL(new RegExp(`/ru/admin/users/${user.id}$`));
    await expect(admin.getByTestId('admin-user-name')).toHaveText('Lidia Adminova');
    await expect(admin.getByTestId('admin-sessions')).toBeVisible();
    await shotBoth(admin, 'user-ru');
    await open(admin, `/en/admin/users/${user.id}`);
    await shotBoth(admin, 'user-en');
    await open(admin, '/en/admin/users');
    await shotBoth(admin, 'users-en');

    await open(admin, `/ru/admin/users/${user.id}`);
    await admin.getByTestId('impersonate').click();
    await admin.getByRole('button', { name: 'Да' }).click();
    await expect(admin).toHaveURL(/\/ru$/);
    await expect(admin.getByTestId('header-user-name')).toHaveText('Lidia Adminova');
    await expect(admin.getByText('Вы действуете от имени другого пользователя').first()).toBeVisible();
    // The admin panel is closed to an impersonating session (the server says 403; the SPA's guard sends to main).
    await admin.getByRole('button', { name: 'Выйти из режима чужого' }).click();
    await expect(admin.getByText('Вы вышли из режима чужого')).toBeVisible();
    await expect(admin.getByTestId('header-user-name')).toContainText('Admin');
  });

  test("blocking with a reason ends the user's session and refuses sign-in; unblocking lets them back", async () => {
    await open(admin, `/ru/admin/users/${user.id}`);
    await admin.getByTestId('block-open').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expect(dialog.getByText('Укажите причину: не меньше 3 символов.')).toBeVisible();
    await dialog.getByLabel('Причина').fill('Спам в откликах');
    await shot(admin, 'admin-block-dialog-ru', false);
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expect(admin.getByTestId('blocked-note')).toContainText('Спам в откликах');
    await expect(admin.getByTestId('user-status')).toHaveText('Заблокирован');

    // The user's open tab: the next load finds the session ended.
    await open(user.page, '/ru');
    await expect(user.page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
    const refused = await unsafeApi(user.page, 'POST', '/api/user/login', {
      email: user.email,
      password: kTestPassword,
    });
    expect(refused.status()).toBe(403);

    await admin.getByTestId('unblock').click();
    await admin.getByRole('button', { name: 'Да' }).click();
    await expect(admin.getByTestId('user-status')).toHaveText('Активен');
    const allowed = await unsafeApi(user.page, 'POST', '/api/user/login', {
      email: user.email,
      password: kTestPassword,
    });
    expect(allowed.status()).toBe(200);
  });

  test('the audit log shows the block with its before and after', async () => {
    await open(admin, `/ru/admin/audit?action=users.block`);
    const entry = admin.getByTestId('audit-entry').first();
    await expect(entry).toContainText('users.block');
    await expect(entry).toContainText('Admin');
    await shotBoth(admin, 'audit-ru');
    await open(admin, '/en/admin/audit');
    await expect(admin.getByTestId('audit-entry').first()).toBeVisible();
    await shotBoth(admin, 'audit-en');
  });

  test('a landing page made in the admin leads a guest into a pre-filled create-order', async ({
    browser,
  }) => {
    const catalog = await catalogOf(admin);
    const category = catalog.categories[0]!;
    const code = `logo-${Date.now().toString(36)}`;
    await open(admin, '/en/admin/landing-pages/add');
    await shotBoth(admin, 'landing-add-en');
    await admin.getByLabel('Code (address)').fill(code);
    await choose(admin, '#lp-lang', 'English');
    await choose(admin, '#lp-category', category.names.en);
    await admin.getByLabel('Title').fill('A logo for your business in three days');
    await admin
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Post an order: **designers** answer within an hour.\n\n- briefs\n- drafts');
    await admin.getByLabel('Button label').fill('Post an order');
    await admin.getByLabel('Published').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin).toHaveURL(/\/en\/admin\/landing-pages\/edit\/\d+$/);
    await shotBoth(admin, 'landing-edit-en');
    await open(admin, '/ru/admin/landing-pages');
    await expect(admin.getByTestId('lp-row').filter({ hasText: code })).toBeVisible();
    await shotBoth(admin, 'landing-list-ru');
    await open(admin, '/en/admin/landing-pages');
    await shotBoth(admin, 'landing-list-en');
    await open(admin, '/ru/admin/landing-pages/add');
    await shotBoth(admin, 'landing-add-ru');

    const context = await browser.newContext({ locale: 'en-US', viewport: kDesktop });
    const guest = await context.newPage();
    await guest.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
    // Under the other language's prefix, the page leads to its own.
    await open(guest, `/ru/lp/create-order/${code}`);
    await expect(guest).toHaveURL(new RegExp(`/en/lp/create-order/${code}$`));
    await open(guest, `/en/lp/create-order/${code}`);
    await expect(
      guest.getByRole('heading', { name: 'A logo for your business in three days' }),
    ).toBeVisible();
    // The server's HTML of the Markdown text.
    await expect(guest.locator('.markdown-body strong')).toHaveText('designers');
    await expect(guest.locator('.markdown-body li')).toHaveText(['briefs', 'drafts']);
    await shotBoth(guest, 'lp-create-order-en');
    await guest.getByTestId('lp-cta').click();
    await expect(guest).toHaveURL(/\/en\/login$/);
    await guest.getByLabel('E-mail').fill(user.email);
    await guest.getByLabel('Password').fill(kTestPassword);
    await guest.getByRole('button', { name: 'Log in' }).click();
    await expect(guest).toHaveURL(new RegExp(`/en/create-order\\?category=${category.id}$`));
    await expect(guest.locator('.p-dropdown:has(#order-category)')).toContainText(category.names.en);
    await context.close();
  });
});
