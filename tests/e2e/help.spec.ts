import { expect, test, type Browser, type Page } from '@playwright/test';

import { kAdminEmail, kAdminPassword } from './global-setup';
import { baseUrl, shot, signUpByApi, unsafeApi, waitForMail } from './support';

// Issue 13, help and support (features/help): a guest finds a FAQ answer by search in ru and writes to support; a
// signed-in user writes in en; an admin answers the ticket (the answer mail arrives); an admin edits the tariffs
// and the new version shows publicly; the footer's links; nothing scrolls sideways at 390 px. Screenshots of every
// screen in both languages at 1366 and 390 px. The e2e server has no demo data: the FAQ and the pages are made
// through the admin API first.

const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 900 };
const kStamp = Date.now().toString(36);

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// The screen at 1366 and 390 px (help-<name>-1366 / -390), with no horizontal scroll on the phone.
async function shotBoth(page: Page, name: string): Promise<void> {
  for (const size of [kDesktop, kPhone]) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    // Polled: the layout for the new width may land a frame after the resize on a busy machine.
    await expect
      .poll(() => overflow(page), { message: `${name} at ${size.width} px scrolls sideways` })
      .toBeLessThanOrEqual(0);
    await shot(page, `help-${name}-${size.width}`);
  }
  await page.setViewportSize(kDesktop);
}

async function guestPage(browser: Browser, lang: 'en' | 'ru'): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'ru' ? 'ru-RU' : 'en-US', viewport: kDesktop });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
  return page;
}

async function signInAdmin(browser: Browser): Promise<Page> {
  const page = await guestPage(browser, 'ru');
  await open(page, '/ru/login');
  await page.getByLabel('E-mail', { exact: true }).fill(kAdminEmail);
  await page.getByLabel('Пароль', { exact: true }).fill(kAdminPassword);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByTestId('header-user-name')).toContainText('Admin');
  return page;
}

async function api(page: Page, method: 'POST' | 'PUT', path: string, data: unknown): Promise<unknown> {
  const response = await unsafeApi(page, method, path, data);
  if (!response.ok()) throw new Error(`${method} ${path} ${response.status()}: ${await response.text()}`);
  return (await response.json()) as unknown;
}

// Saves a page's text through the admin API, on top of whatever version is there.
async function putPage(
  page: Page,
  code: string,
  lang: 'en' | 'ru',
  title: string,
  body: string,
): Promise<void> {
  const current = await page.request.get(`${baseUrl()}/api/admin/pages/${code}/${lang}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const version = current.ok() ? ((await current.json()) as { version: number }).version : 0;
  await api(page, 'PUT', `/api/admin/pages/${code}/${lang}`, { title, body, version });
}

test.describe.configure({ mode: 'serial' });

test.describe('help and support', () => {
  let admin: Page;
  const questionCode = `e2e-password-${kStamp}`;
  const guestEmail = `e2e-guest-${kStamp}@example.test`;

  test.beforeAll(async ({ browser }) => {
    admin = await signInAdmin(browser);
    const category = (await api(admin, 'POST', '/api/admin/faq/categories', {
      code: `e2e-account-${kStamp}`,
      name_en: 'Account',
      name_ru: 'Аккаунт',
      position: 1,
    })) as { id?: number };
    let categoryId = category.id;
    if (categoryId === undefined) {
      const faq = (await (
        await admin.request.get(`${baseUrl()}/api/admin/faq`, {
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        })
      ).json()) as { categories: { id: number; code: string }[] };
      categoryId = faq.categories.find((item) => item.code === `e2e-account-${kStamp}`)!.id;
    }
    await api(admin, 'POST', '/api/admin/faq/questions', {
      code: questionCode,
      category_id: categoryId,
      question_en: 'How do I restore a forgotten password?',
      question_ru: 'Как восстановить забытый пароль?',
      answer_en: 'Open **Sign in**, press *Forgot password* and follow the link from the e-mail.',
      answer_ru: 'Откройте **Вход**, нажмите *Забыли пароль* и перейдите по ссылке из письма.',
      position: 1,
    });
    await api(admin, 'POST', '/api/admin/faq/questions', {
      code: `e2e-email-${kStamp}`,
      category_id: categoryId,
      question_en: 'How do I change my e-mail?',
      question_ru: 'Как сменить e-mail?',
      answer_en: 'In the settings, on the personal data page.',
      answer_ru: 'В настройках, на странице личных данных.',
      position: 2,
    });
    for (const code of ['about', 'agreement', 'rules', 'privacy-policy', 'cookie-policy', 'tariffs']) {
      await putPage(admin, code, 'en', `The ${code} page`, `# ${code}\n\nThe text of the **${code}** page.`);
      await putPage(admin, code, 'ru', `Страница ${code}`, `# ${code}\n\nТекст страницы **${code}**.`);
    }
  });

  test('a guest finds an answer by search in ru, opens it and writes to support', async ({ browser }) => {
    const page = await guestPage(browser, 'ru');
    await open(page, '/ru/help');
    await expect(page.getByRole('heading', { name: 'Справочный центр' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Как восстановить забытый пароль?' })).toBeVisible();
    await shotBoth(page, 'index-ru');
    await page.getByTestId('faq-search').fill('забыли пароль');
    await page.getByTestId('faq-search-submit').click();
    const result = page.getByTestId('faq-result').filter({ hasText: 'Как восстановить забытый пароль?' });
    await expect(result).toBeVisible();
    await shotBoth(page, 'search-ru');
    await result.click();
    await expect(page.getByTestId('faq-question')).toHaveText('Как восстановить забытый пароль?');
    await expect(page.locator('.markdown-body strong')).toHaveText('Вход');
    await expect(page.getByRole('link', { name: 'Как сменить e-mail?' })).toBeVisible();
    await shotBoth(page, 'faq-ru');
    await page.getByTestId('write-support').click();
    await expect(page).toHaveURL(/\/ru\/help\/support$/);
    await page.getByLabel('Ваш e-mail', { exact: true }).fill(guestEmail);
    await page.getByLabel('Заголовок', { exact: true }).fill('Не приходит письмо');
    await page
      .getByLabel('Сообщение', { exact: true })
      .fill('Письмо для восстановления пароля не приходит уже час.');
    await page.getByTestId('support-files').setInputFiles({
      name: 'screenshot.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('the screen says nothing'),
    });
    await expect(page.getByTestId('support-file')).toContainText('screenshot.txt');
    await shotBoth(page, 'support-ru');
    await page.getByTestId('support-send').click();
    await expect(page.getByText('Сообщение отправлено. Ожидайте ответа.')).toBeVisible();
    await shotBoth(page, 'support-sent-ru');
  });

  test('a signed-in user writes to support in en (no e-mail field)', async ({ browser }) => {
    const user = await signUpByApi(browser, 'Helper', 'en');
    const page = user.page;
    await page.setViewportSize(kDesktop);
    await open(page, '/en/help/support');
    await expect(page.getByTestId('support-signed-in')).toBeVisible();
    await expect(page.getByLabel('Your e-mail', { exact: true })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('A question about fees');
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('How much does a completed order cost me as a freelancer?');
    await shotBoth(page, 'support-en');
    await page.getByTestId('support-send').click();
    await expect(page.getByText('Message sent. Expect a response.')).toBeVisible();
    await shotBoth(page, 'support-sent-en');
    await open(page, '/en/help');
    await expect(page.getByRole('link', { name: 'How do I restore a forgotten password?' })).toBeVisible();
    await shotBoth(page, 'index-en');
    await open(page, `/en/help/faq/${questionCode}`);
    await expect(page.getByTestId('faq-question')).toHaveText('How do I restore a forgotten password?');
    await shotBoth(page, 'faq-en');
  });

  test("an admin answers the guest's ticket and the answer reaches the guest's mailbox", async () => {
    await open(admin, '/ru/admin/tickets');
    const ticket = admin.getByTestId('admin-ticket').filter({ hasText: 'Не приходит письмо' });
    await expect(ticket).toBeVisible();
    await shotBoth(admin, 'admin-tickets-ru');
    await ticket.getByRole('link').click();
    await expect(admin.getByTestId('ticket-subject')).toHaveText('Не приходит письмо');
    await expect(admin.getByRole('link', { name: 'screenshot.txt' })).toBeVisible();
    await shotBoth(admin, 'admin-ticket-ru');
    await admin
      .getByLabel('Ответ', { exact: true })
      .fill('Проверьте папку «Спам»: письмо могло попасть туда.');
    await admin.getByTestId('ticket-answer-send').click();
    await expect(admin.getByTestId('ticket-status')).toHaveText('Есть ответ');
    const mail = await waitForMail(guestEmail);
    expect(mail.text).toContain('Проверьте папку «Спам»');
    await admin.getByTestId('ticket-close').click();
    await expect(admin.getByTestId('ticket-status')).toHaveText('Закрыто');
    await open(admin, '/en/admin/tickets?status=closed');
    await expect(admin.getByTestId('admin-ticket').filter({ hasText: 'Не приходит письмо' })).toBeVisible();
    await shotBoth(admin, 'admin-tickets-en');
  });

  test('an admin edits the tariffs and the new version shows publicly', async ({ browser }) => {
    await open(admin, '/ru/admin/pages');
    await shotBoth(admin, 'admin-pages-ru');
    await admin.getByTestId('admin-page-tariffs-ru').click();
    await expect(admin.getByLabel('Заголовок', { exact: true })).toHaveValue('Страница tariffs');
    const current = await admin.request.get(`${baseUrl()}/api/admin/pages/tariffs/ru`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const before = ((await current.json()) as { version: number }).version;
    await admin.getByLabel('Заголовок', { exact: true }).fill('Тарифы');
    await admin
      .getByLabel('Текст в Markdown', { exact: true })
      .fill('# Тарифы\n\nКомиссия сервиса — **5 %** от суммы заказа.');
    await admin.getByTestId('page-save').click();
    await expect(admin.getByText(`Сохранено как версия ${before + 1}.`)).toBeVisible();
    await admin.getByTestId('page-versions').getByRole('button', { name: 'Открыть' }).last().click();
    await expect(admin.getByTestId('page-old-version')).toBeVisible();
    await shotBoth(admin, 'admin-page-ru');
    await open(admin, '/en/admin/pages/tariffs/en');
    await shotBoth(admin, 'admin-page-en');
    await open(admin, '/en/admin/faq');
    await shotBoth(admin, 'admin-faq-en');
    await open(admin, '/ru/admin/faq');
    await shotBoth(admin, 'admin-faq-ru');
    await open(admin, `/ru/admin/faq/create-category`);
    await shotBoth(admin, 'admin-faq-category-ru');
    await open(admin, '/en/admin/faq');
    await admin.getByRole('link', { name: /How do I restore a forgotten password\?/ }).click();
    await expect(admin.getByLabel('Question (Russian)', { exact: true })).toHaveValue(
      'Как восстановить забытый пароль?',
    );
    await shotBoth(admin, 'admin-faq-question-en');

    const guest = await guestPage(browser, 'ru');
    await open(guest, '/ru/agreement/tariffs');
    await expect(guest.getByTestId('legal-title')).toHaveText('Тарифы');
    await expect(guest.getByTestId('legal-body')).toContainText('Комиссия сервиса — 5 % от суммы заказа.');
    await expect(guest.getByTestId('legal-version')).toContainText(`Версия ${before + 1} от`);
    await shotBoth(guest, 'tariffs-ru');
  });

  test('the footer opens about, the agreement, help and articles; the legal pages in both languages', async ({
    browser,
  }) => {
    for (const lang of ['en', 'ru'] as const) {
      const page = await guestPage(browser, lang);
      const names =
        lang === 'en'
          ? { about: 'About', agreement: 'Terms', help: 'Help', articles: 'Articles' }
          : { about: 'О проекте', agreement: 'Соглашение', help: 'Помощь', articles: 'Статьи' };
      for (const size of [kDesktop, kPhone]) {
        await page.setViewportSize(size);
        await open(page, `/${lang}`);
        const footer = page.getByTestId('footer-links');
        await footer.getByRole('link', { name: names.about }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/about$`));
        await expect(page.getByTestId('legal-title')).toBeVisible();
        await footer.getByRole('link', { name: names.agreement }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/agreement$`));
        await expect(page.getByTestId('legal-title')).toBeVisible();
        await footer.getByRole('link', { name: names.help }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/help$`));
        await footer.getByRole('link', { name: names.articles }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/articles$`));
        await expect(
          page.getByTestId('footer-links').getByRole('link', { name: /Telegram/ }),
        ).toHaveAttribute('href', 'https://t.me/artel_market');
      }
      for (const path of [
        'about',
        'agreement',
        'agreement/rules',
        'agreement/privacy-policy',
        'agreement/cookie-policy',
      ]) {
        await open(page, `/${lang}/${path}`);
        await expect(page.getByTestId('legal-title')).toBeVisible();
        await shotBoth(page, `${path.replace('/', '-')}-${lang}`);
      }
      await open(page, `/${lang}/agreement/tariffs`);
      await expect(page.getByTestId('legal-title')).toBeVisible();
      await shotBoth(page, `tariffs-${lang}`);
    }
  });
});
