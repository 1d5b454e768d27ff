import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { baseUrl, catalogOf, choose, shot, signUpByApi, type Account, type CatalogShape } from './support';

// Issue 11 in the browser against the real artel binary: a performer fills the profile and the portfolio in
// Russian (the fields from the completeness card, the portfolio address with the server's refusal, a group, two
// projects — one with two images uploaded from fixture PNGs and its cover chosen —, a drag reorder, a price);
// then a guest on a phone sees all of it on the public pages. Screenshots of every profile page in both
// languages at 1366 and 390 px.

const kStamp = Date.now().toString(36);
const kSlug = `maria-${kStamp}`;
const kAbout =
  'Рисую логотипы и фирменный стиль для малого бизнеса: кофейни, пекарни, студии. ' +
  'Работаю по брифу, показываю три варианта и довожу выбранный до готового набора файлов.';
const kFixtures = path.join(__dirname, 'fixtures');
const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 768 };

// Escape closes an open multiselect panel and only the panel (FormDialog): the dialog stays.
async function closePanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.locator('.p-multiselect-panel')).toBeHidden();
  await expect(page.locator('.p-dialog').first()).toBeVisible();
}

async function chooseMany(page: Page, trigger: string, options: string[]): Promise<void> {
  await page.locator(`.p-multiselect:has(${trigger})`).click();
  const panel = page.locator('.p-multiselect-panel');
  for (const option of options) await panel.getByRole('option', { name: option, exact: true }).click();
  await closePanel(page);
}

async function fits(page: Page, what: string): Promise<void> {
  const { width, inner } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect.soft(width, `${what}: ${width} px in a ${inner} px window`).toBeLessThanOrEqual(inner);
}

test.describe.configure({ mode: 'serial' });

test.describe('profiles end to end', () => {
  let performer: Account;
  let taxonomy: CatalogShape;
  let projectPath = '';

  test.beforeAll(async ({ browser }) => {
    performer = await signUpByApi(browser, 'Maria', 'ru', { lastname: 'Ivanova', intent: 'performer' });
    taxonomy = await catalogOf(performer.page);
  });

  test.afterAll(async () => {
    await performer.page.context().close();
  });

  test('a performer fills the profile in Russian from the completeness card', async () => {
    const { page, id } = performer;
    await page.setViewportSize(kDesktop);
    // The avatar menu's freelancer group leads to the profile's pages.
    await page.goto(`${baseUrl()}/ru/orders`);
    await page.getByRole('button', { name: 'Меню аккаунта' }).click();
    const menu = page.locator('#user-menu-popup');
    await expect(menu.getByRole('menuitem', { name: 'Портфолио' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Мои цены' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Обо мне', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/ru/freelancer/${id}/about$`));

    const card = page.getByTestId('completeness');
    await expect(card).toContainText('Заполненность профиля');
    await shot(page, 'profile-about-empty-owner-1366-ru');
    await card.getByTestId('missing-headline').click();
    const form = page.getByTestId('profile-form');
    await expect(form).toBeVisible();
    await expect(page.locator('#profile-headline')).toBeFocused();
    await page.locator('#profile-headline').fill('Дизайнер логотипов и фирменного стиля');
    await page.locator('#profile-about').fill(kAbout);

    const [first, second] = taxonomy.categories;
    const mainSpec = first!.specializations[0]!;
    const otherSpec = second!.specializations[0]!;
    await choose(page, '#profile-specializations', mainSpec.names.ru);
    await choose(page, '#profile-specializations', otherSpec.names.ru);
    const chosen = form.getByTestId('specializations-edit');
    await expect(chosen.locator('li')).toHaveCount(2);
    // The first is the main one; make the second the main one.
    await chosen.locator('li').nth(1).locator('.p-radiobutton').click();
    await expect(chosen.locator('li').nth(1)).toContainText('Основная');

    await page.locator('.p-multiselect:has(#profile-skills)').click();
    const skills = page.locator('.p-multiselect-panel').getByRole('option');
    const skillNames: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      skillNames.push((await skills.nth(index).innerText()).trim());
      await skills.nth(index).click();
    }
    await closePanel(page);
    await chooseMany(page, '#profile-languages', ['Русский', 'Английский']);
    const country = taxonomy.countries[0]!;
    await choose(page, '#profile-location', country.names.ru);
    await page.locator('.p-dropdown:has(#profile-city)').click();
    await page.locator('.p-dropdown-panel').getByRole('option').first().click();
    await page.locator('#profile-experience').fill('6');
    await page.locator('#profile-rate').fill('2 500');
    await shot(page, 'profile-form-1366-ru', false);
    await form.getByTestId('profile-form-save').click();
    await expect(form).toBeHidden();

    await expect(page.getByTestId('about-text')).toHaveText(kAbout);
    await expect(page.getByTestId('about-specializations')).toContainText(otherSpec.names.ru);
    await expect(page.getByTestId('about-skills')).toContainText(skillNames[0]!);
    await expect(page.getByTestId('about-rate')).toContainText(/2\s500/);
    await expect(page.getByTestId('about-location')).toContainText(country.names.ru);
    await expect(card.getByTestId('missing-headline')).toHaveCount(0);
    await expect(card.getByTestId('missing-skills')).toHaveCount(0);

    // The portfolio address: a reserved word is refused with the server's message, then a free one is kept.
    await page.getByTestId('edit-address').click();
    const slugForm = page.getByTestId('slug-form');
    await page.locator('#profile-slug').fill('admin');
    await slugForm.getByTestId('slug-form-save').click();
    await expect(slugForm.locator('.field-error')).toContainText('зарезервирован');
    await page.locator('#profile-slug').fill('мария');
    await slugForm.getByTestId('slug-form-save').click();
    await expect(slugForm.locator('.field-error')).toContainText('латинские');
    await page.locator('#profile-slug').fill(kSlug);
    await slugForm.getByTestId('slug-form-save').click();
    await expect(slugForm).toBeHidden();
    await expect(page.getByTestId('address-value')).toContainText(`/ru/freelancer/${kSlug}`);
  });

  test('a performer builds the portfolio: a group, projects with images and a cover, a drag reorder, a price', async () => {
    const { page } = performer;
    await page.setViewportSize(kDesktop);
    await page.goto(`${baseUrl()}/ru/freelancer/${kSlug}`);
    await expect(page.getByTestId('portfolio-empty')).toContainText('Добавьте проект');

    await page.getByTestId('add-group').click();
    const groupForm = page.getByTestId('group-form');
    await page.locator('#group-name').fill('Логотипы');
    await page.locator('#group-description').fill('Знаки и фирменный стиль');
    await groupForm.getByTestId('group-form-save').click();
    await expect(groupForm).toBeHidden();
    const group = page.getByTestId('portfolio-group').filter({ hasText: 'Логотипы' });
    await expect(group).toBeVisible();

    // The first project: two images uploaded from the fixtures, the second made the cover.
    await group.getByRole('button', { name: 'Добавить проект' }).click();
    const projectForm = page.getByTestId('project-form');
    await page.locator('#project-name').fill('Логотип для пекарни');
    const description = page.locator('#project-description');
    await description.fill('я'.repeat(501));
    await expect(projectForm.getByTestId('counter')).toHaveText('501 / 500');
    await expect(projectForm.locator('.field-error')).toHaveText('Описание — не более 500 символов');
    const text = 'Знак, шрифтовая пара и вывеска для семейной пекарни.';
    await description.fill(text);
    await expect(projectForm.getByTestId('counter')).toHaveText(`${text.length} / 500`);
    await page.locator('#project-tools').fill('Figma');
    await page.keyboard.press('Enter');
    await page.locator('#project-tools').fill('Illustrator');
    await page.keyboard.press('Enter');
    await page.locator('#project-link').fill('https://example.com/bakery');
    await projectForm
      .getByTestId('project-images-input')
      .setInputFiles([path.join(kFixtures, 'portfolio-1.png'), path.join(kFixtures, 'portfolio-2.png')]);
    const images = projectForm.getByTestId('project-images-edit').locator('li');
    await expect(images).toHaveCount(2);
    await expect(images.nth(0).getByTestId('cover-badge')).toBeVisible();
    await images.nth(1).getByTestId('make-cover').click();
    await expect(images.nth(1).getByTestId('cover-badge')).toBeVisible();
    await shot(page, 'project-form-1366-ru', false);
    await projectForm.getByTestId('project-form-save').click();
    await expect(projectForm).toBeHidden();

    // The second project in the same group, without images: a file that is not an image is refused (415) with
    // the server's message under the field.
    await group.getByRole('button', { name: 'Добавить проект' }).click();
    await page.locator('#project-name').fill('Фирменный стиль кофейни');
    await projectForm.getByTestId('project-images-input').setInputFiles({
      name: 'brief.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await expect(projectForm.locator('.field-error')).toContainText('brief.png: ');
    await expect(projectForm.getByTestId('project-images-edit')).toHaveCount(0);
    await projectForm.getByTestId('project-form-save').click();
    await expect(projectForm).toBeHidden();
    const cards = group.getByTestId('project-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Логотип для пекарни');
    await expect(cards.nth(0).locator('img.project-cover')).toHaveAttribute('src', /.+/);

    // Drag the second project onto the first one's place; the order stays after a reload.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/portfolio/projects/order') && response.ok(),
    );
    await group.locator('.sortable-item').nth(1).dragTo(group.locator('.sortable-item').nth(0));
    await saved;
    await page.reload();
    await expect(page.getByTestId('project-card').nth(0)).toContainText('Фирменный стиль кофейни');
    await expect(page.getByTestId('project-card').nth(1)).toContainText('Логотип для пекарни');
    // And back with the keyboard's way.
    await page.getByRole('button', { name: 'Переместить ниже: Фирменный стиль кофейни' }).click();
    await expect(page.getByTestId('project-card').nth(0)).toContainText('Логотип для пекарни');
    await shot(page, 'portfolio-owner-1366-ru');

    // The project's page: the gallery with both images.
    await page.getByTestId('project-card').filter({ hasText: 'Логотип для пекарни' }).click();
    await expect(page.getByTestId('project-gallery').locator('img')).toHaveCount(2);
    projectPath = new URL(page.url()).pathname.replace(/^\/ru\//, '');

    // A price from the completeness card's link.
    await page.getByTestId('missing-prices').click();
    const priceForm = page.getByTestId('price-form');
    await expect(priceForm).toBeVisible();
    await page.locator('#price-name').fill('Логотип под ключ');
    await page.locator('#price-description').fill('Три варианта, две правки, исходники.');
    await priceForm.getByRole('button', { name: 'От', exact: true }).click();
    await page.locator('#price-amount').fill('15 000');
    // Esc in an open dropdown closes the dropdown, not the form; Esc on the form with changes asks first.
    await priceForm.locator('.p-dropdown:has(#price-unit)').click();
    await expect(page.locator('.p-dropdown-panel')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.p-dropdown-panel')).toBeHidden();
    await expect(priceForm).toBeVisible();
    await page.keyboard.press('Escape');
    const discard = page.locator('.p-confirm-dialog');
    await expect(discard).toContainText('Не сохранять изменения?');
    await discard.getByRole('button', { name: 'Вернуться к форме' }).click();
    await expect(discard).toBeHidden();
    await expect(page.locator('#price-name')).toHaveValue('Логотип под ключ');
    await priceForm.getByTestId('price-form-save').click();
    await expect(priceForm).toBeHidden();
    await expect(page.getByTestId('price-item')).toContainText('Логотип под ключ');
    await expect(page.getByTestId('price-item')).toContainText(/от 15\s000/);
    // Only the photo is left.
    await expect(page.getByTestId('completeness').locator('li')).toHaveCount(1);
    await expect(page.getByTestId('missing-avatar')).toBeVisible();
  });

  test('a guest on a phone sees the profile, the portfolio, the project and the prices', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: kPhone, locale: 'ru-RU' });
    const guest = await context.newPage();
    await guest.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
    await guest.goto(`${baseUrl()}/ru/freelancer/${kSlug}`);
    await expect(guest.getByRole('heading', { level: 1, name: 'Maria Ivanova' })).toBeVisible();
    await expect(guest.getByTestId('freelancer-header')).toContainText('Дизайнер логотипов');
    await expect(guest.getByTestId('add-project')).toHaveCount(0);
    await expect(guest.getByTestId('completeness')).toHaveCount(0);
    await expect(guest.getByTestId('portfolio-group')).toContainText('Логотипы');
    await expect(guest.getByTestId('project-card')).toHaveCount(2);
    await fits(guest, 'portfolio');
    await guest.getByTestId('project-card').filter({ hasText: 'Логотип для пекарни' }).click();
    await expect(guest.getByTestId('project-gallery').locator('img')).toHaveCount(2);
    await expect(guest.getByTestId('project-view')).toContainText('Illustrator');
    await fits(guest, 'project');
    await guest.getByRole('link', { name: 'Обо мне' }).click();
    await expect(guest.getByTestId('about-text')).toHaveText(kAbout);
    await fits(guest, 'about');
    await guest.getByRole('link', { name: 'Цены' }).click();
    await expect(guest.getByTestId('price-item')).toContainText('Логотип под ключ');
    await fits(guest, 'prices');
    await context.close();
  });

  test("the customer's about text is edited in place and shown in the customer header", async () => {
    const { page, id } = performer;
    await page.setViewportSize(kDesktop);
    await page.goto(`${baseUrl()}/ru/customer/${id}/reviews`);
    await expect(page.getByTestId('customer-stats')).toContainText('Заказов размещено');
    await page.getByTestId('edit-customer-about').click();
    const form = page.getByTestId('customer-about-form');
    await page.locator('#customer-about').fill('Заказываю иллюстрации для детских книг.');
    await form.getByTestId('customer-about-form-save').click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('customer-about')).toHaveText('Заказываю иллюстрации для детских книг.');
  });

  test('screenshots of every profile page in both languages at 1366 and 390', async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext();
    const guest = await context.newPage();
    await guest.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
    const { id } = performer;
    const pages: [string, string][] = [
      ['portfolio', `freelancer/${kSlug}`],
      ['project', projectPath],
      ['about', `freelancer/${id}/about`],
      ['prices', `freelancer/${id}/prices`],
      ['orders', `freelancer/${id}/orders`],
      ['reviews', `freelancer/${id}/reviews`],
      ['customer', `customer/${id}/orders`],
      ['customer-reviews', `customer/${id}/reviews`],
    ];
    for (const lang of ['en', 'ru'] as const) {
      for (const size of [kDesktop, kPhone]) {
        for (const [viewer, page] of [
          ['guest', guest],
          ['owner', performer.page],
        ] as const) {
          await page.setViewportSize(size);
          for (const [name, url] of pages) {
            await page.goto(`${baseUrl()}/${lang}/${url}`);
            await page.waitForLoadState('networkidle');
            await expect(page.locator('.page-loader')).toHaveCount(0);
            await fits(page, `${viewer} ${lang}/${url} at ${size.width}`);
            await shot(page, `profile-${name}-${viewer}-${size.width}-${lang}`);
          }
        }
      }
    }
    await context.close();
  });
});
