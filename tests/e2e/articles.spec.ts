import path from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { kAdminEmail, kAdminPassword } from './global-setup';
import { baseUrl, choose, expectFits, shot, signUpByApi, type Account } from './support';

// Issue 13, articles in the browser: the admin adds a category; an author writes an article in ru (draft, preview,
// cover) and submits it; the admin blocks it with a reason and a comment (refused without them); the author sees
// both, fixes the text and resubmits; the admin publishes it; a reader comments, replies and votes in en, and a
// guest who votes gets the login prompt. Every screen at 1366 and 390 px in both languages, without a horizontal
// scroll on a phone.

const kStamp = Date.now().toString(36);
const kTitle = `Как оценить логотип ${kStamp}`;
const kCategoryCode = `design-${kStamp}`;
const kCategoryRu = `Дизайн ${kStamp}`;
const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 768 };

async function shots(page: Page, name: string, pathInLang: string): Promise<void> {
  for (const lang of ['ru', 'en'] as const) {
    for (const size of [kDesktop, kPhone]) {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl()}/${lang}/${pathInLang}`);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.page-loader')).toHaveCount(0);
      await expectFits(page, `${lang}/${pathInLang} at ${size.width}`);
      await shot(page, `articles-${name}-${lang}-${size.width}`);
    }
  }
  await page.setViewportSize(kDesktop);
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: kDesktop });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
  await page.goto(`${baseUrl()}/ru/login`);
  await page.getByLabel('E-mail').fill(kAdminEmail);
  await page.getByLabel('Пароль').fill(kAdminPassword);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByTestId('header-user-name')).toContainText('Admin');
  return page;
}

function adminCard(page: Page) {
  return page.getByTestId('article-card').filter({ hasText: kTitle });
}

test.describe.configure({ mode: 'serial' });

test.describe('articles: write, moderate, publish, read', () => {
  let author: Account;
  let reader: Account;
  let admin: Page;
  let code = '';

  test.beforeAll(async ({ browser }) => {
    author = await signUpByApi(browser, 'Marina', 'ru', { viewport: kDesktop });
    reader = await signUpByApi(browser, 'Reader', 'en', { viewport: kDesktop });
    admin = await adminPage(browser);
  });

  test.afterAll(async () => {
    for (const page of [author.page, reader.page, admin]) await page.context().close();
  });

  test('the admin adds a category', async () => {
    await admin.goto(`${baseUrl()}/ru/admin/articles/create-category`);
    await admin.getByLabel('Код').fill(kCategoryCode);
    await admin.getByLabel('Название на английском').fill(`Design ${kStamp}`);
    await admin.getByLabel('Название на русском').fill(kCategoryRu);
    await admin.getByRole('button', { name: 'Сохранить' }).click();
    await expect(admin).toHaveURL(/\/ru\/admin\/articles$/);
    await expect(admin.locator('.admin-category-list')).toContainText(kCategoryRu);
  });

  test('the author writes an article in ru, previews it and submits it', async () => {
    const page = author.page;
    await page.goto(`${baseUrl()}/ru/articles/-create-`);
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await expect(page.getByText('Обязательное поле.').first()).toBeVisible();
    await page.getByLabel('Заголовок').fill(kTitle);
    await page.getByLabel('Анонс').fill('Из чего складывается цена и как не продешевить.');
    await choose(page, '#article-category', kCategoryRu);
    await page.getByLabel('Теги').fill('Дизайн, логотип');
    await page
      .getByLabel('Текст (Markdown)')
      .fill(
        '## Бриф\n\nСначала **бриф**, потом цена. Подробнее: [правила](https://example.com).\n\n- идея\n- эскизы',
      );
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await expect(page).toHaveURL(/\/ru\/articles\/[a-z0-9-]+\/edit$/);
    code = /\/ru\/articles\/([a-z0-9-]+)\/edit$/.exec(page.url())![1]!;
    await page.getByRole('tab', { name: 'Предпросмотр' }).click();
    const preview = page.getByTestId('article-preview');
    await expect(preview.locator('h2')).toHaveText('Бриф');
    await page.getByTestId('cover-input').setInputFiles(path.join(__dirname, 'fixtures', 'portfolio-1.png'));
    await expect(page.locator('.article-form-cover')).toBeVisible();
    await shot(page, 'articles-form-preview-ru');
    await page.getByRole('button', { name: 'Отправить на модерацию' }).click();
    await expect(page).toHaveURL(/\/ru\/articles\/-my-$/);
    const card = page.getByTestId('article-card').filter({ hasText: kTitle });
    await expect(card.locator('.badge')).toHaveText('На модерации');
  });

  test('the admin blocks it: a reason and a comment are required', async () => {
    await admin.goto(`${baseUrl()}/ru/admin/articles`);
    await adminCard(admin).getByRole('button', { name: 'Заблокировать' }).click();
    await admin.getByTestId('moderation-confirm').click();
    await expect(admin.getByText('Выберите причину.')).toBeVisible();
    await expect(admin.getByText('Напишите комментарий для автора.')).toBeVisible();
    await shot(admin, 'articles-admin-block-dialog-ru', false);
    await choose(admin, '#moderation-reason', 'Нарушение правил сайта');
    await admin.getByLabel('Комментарий для автора').fill('Уберите рекламную ссылку в конце.');
    await admin.getByTestId('moderation-confirm').click();
    await expect(admin.getByText('Статья заблокирована.')).toBeVisible();
    await admin.getByRole('link', { name: 'Заблокированные' }).click();
    await expect(adminCard(admin).locator('.badge')).toHaveText('Заблокирована');
  });

  test('the author sees the reason, fixes the text and resubmits', async () => {
    const page = author.page;
    await page.goto(`${baseUrl()}/ru/articles/-my-?status=blocked`);
    const card = page.getByTestId('article-card').filter({ hasText: kTitle });
    const note = card.getByTestId('moderation-note');
    await expect(note).toContainText('Причина: Нарушение правил сайта');
    await expect(note).toContainText('Уберите рекламную ссылку в конце.');
    await shot(page, 'articles-my-blocked-ru');
    await card.getByRole('link', { name: 'Редактировать' }).click();
    await expect(page).toHaveURL(new RegExp(`/ru/articles/${code}/edit$`));
    await expect(page.getByTestId('moderation-note')).toContainText('Уберите рекламную ссылку');
    await page
      .getByLabel('Текст (Markdown)')
      .fill('## Бриф\n\nСначала **бриф**, потом цена.\n\n- идея\n- эскизы');
    await page.getByRole('button', { name: 'Отправить на модерацию' }).click();
    await expect(page).toHaveURL(/\/ru\/articles\/-my-$/);
    await expect(page.getByTestId('article-card').filter({ hasText: kTitle }).locator('.badge')).toHaveText(
      'На модерации',
    );
  });

  test('the admin publishes it', async () => {
    await admin.goto(`${baseUrl()}/ru/admin/articles`);
    await adminCard(admin).getByRole('button', { name: 'Опубликовать' }).click();
    await expect(admin.getByText('Статья опубликована.')).toBeVisible();
    await admin.goto(`${baseUrl()}/ru/articles?q=${encodeURIComponent(kStamp)}`);
    await expect(admin.getByRole('link', { name: kTitle })).toBeVisible();
  });

  test('a reader comments, replies and votes in en; a guest gets the login prompt', async ({ browser }) => {
    const page = reader.page;
    await page.goto(`${baseUrl()}/en/articles/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: kTitle })).toBeVisible();
    await expect(page.getByTestId('article-body').locator('strong')).toHaveText('бриф');
    const votes = page.getByTestId('article-votes');
    await votes.getByRole('button', { name: 'Upvote' }).click();
    await expect(page.getByTestId('article-votes-total')).toHaveText('+1');
    await page.getByRole('textbox', { name: 'Your comment' }).fill('Great read, thanks!');
    await page.getByRole('button', { name: 'Send' }).click();
    const comment = page.getByTestId('comment').filter({ hasText: 'Great read, thanks!' });
    await expect(comment).toBeVisible();
    await expect(page.locator('#comments-title')).toContainText('1 comment');
    await comment.getByRole('button', { name: 'Reply' }).click();
    await page.getByRole('textbox', { name: 'Your reply' }).fill('And one more thing.');
    await page.locator('.comment-replies').getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('.comment-replies').getByText('And one more thing.')).toBeVisible();
    // The reader's own comment cannot be voted on; the author's vote on it counts.
    await expect(comment.getByRole('button', { name: 'Upvote the comment' })).toBeDisabled();
    await shot(page, 'articles-page-comments-en');

    await author.page.goto(`${baseUrl()}/ru/articles/${code}`);
    const theirs = author.page.getByTestId('comment').filter({ hasText: 'Great read, thanks!' });
    await theirs.getByRole('button', { name: 'Плюс комментарию' }).click();
    await expect(theirs.getByTestId('comment-votes-total').first()).toHaveText('+1');
    await expect(
      author.page.getByTestId('article-votes').getByRole('button', { name: 'Плюс' }),
    ).toBeDisabled();

    const guestContext = await browser.newContext({ viewport: kDesktop });
    const guest = await guestContext.newPage();
    await guest.goto(`${baseUrl()}/en/articles/${code}`);
    await guest.getByTestId('article-votes').getByRole('button', { name: 'Upvote' }).click();
    await expect(guest.getByRole('dialog', { name: 'Log in to vote' })).toBeVisible();
    await shot(guest, 'articles-login-prompt-en', false);
    await guestContext.close();
  });

  test('every screen at 1366 and 390 px in both languages, no horizontal scroll', async () => {
    await shots(reader.page, 'list', 'articles');
    await shots(reader.page, 'article', `articles/${code}`);
    await shots(author.page, 'create', 'articles/-create-');
    await shots(author.page, 'edit', `articles/${code}/edit`);
    await shots(author.page, 'my', 'articles/-my-');
    await shots(admin, 'admin', 'admin/articles');
    await shots(admin, 'admin-create-category', 'admin/articles/create-category');
    await shots(admin, 'admin-create-article', 'admin/articles/create-article');
    const articleId = await admin.evaluate(async (slug) => {
      const response = await fetch(`/api/articles/${slug}`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      return ((await response.json()) as { id: number }).id;
    }, code);
    await shots(admin, 'admin-edit-article', `admin/articles/edit-article/${articleId}`);
  });
});
