import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import {
  baseUrl,
  catalogOf,
  choose,
  shot,
  signUpByApi,
  unsafeApi,
  type Account,
  type CatalogShape,
} from './support';

// Issue 11, the catalogue side, in the browser against the real artel binary: a performer with a profile, a
// portfolio project and a price (made through the profiles API), and a customer who finds them in the freelancer
// catalogue in English by category, filters and search (with the typo fallback's note), at a desktop and at a
// phone size, opens the profile and offers a job, which reaches the performer. Then the freelancer landing page
// in both languages. Screenshots of the catalogue and the landing in both languages at 1366 and 390 px.

const kStamp = Date.now().toString(36);
const kLastname = 'Quillfeather';
const kHeadline = 'Brand identity, logos and packaging';
const kOfferName = `Packaging for a tea shop ${kStamp}`;
const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 768 };
const kFixtures = path.join(__dirname, 'fixtures');

async function fits(page: Page, what: string): Promise<void> {
  const { width, inner } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect.soft(width, `${what}: ${width} px in a ${inner} px window`).toBeLessThanOrEqual(inner);
}

async function ok(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const response = await unsafeApi(page, method, url, data);
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

test.describe.configure({ mode: 'serial' });

test.describe('freelancer catalogue end to end', () => {
  let performer: Account;
  let customer: Account;
  let taxonomy: CatalogShape;
  let category = { id: 0, code: '', en: '', ru: '' };

  test.beforeAll(async ({ browser }) => {
    performer = await signUpByApi(browser, 'Zoya', 'en', { lastname: kLastname, intent: 'performer' });
    customer = await signUpByApi(browser, 'Olga', 'en', { lastname: 'Buyer' });
    taxonomy = await catalogOf(performer.page);
    const first = taxonomy.categories.find((item) => item.specializations.length > 0)!;
    category = { id: first.id, code: first.code, en: first.names.en, ru: first.names.ru };
    const country = (taxonomy.countries as unknown as { id: number; cities: { id: number }[] }[]).find(
      (item) => item.cities.length > 0,
    )!;

    // The profile, a portfolio project with a cover and a price, through the profiles API.
    const { page } = performer;
    await ok(page, 'PUT', '/api/profile/freelancer', {
      headline: kHeadline,
      about:
        'I design logos, brand books and packaging for small shops and cafes: a brief, three sketches, ' +
        'two rounds of changes and every file you need for print and the web.',
      specializations: [{ id: first.specializations[0]!.id, main: true }],
      skill_ids: [],
      experience_years: 6,
      country_id: country.id,
      city_id: country.cities[0]!.id,
      languages: ['en', 'ru'],
      rate: { amount: 250_000, currency: 'RUB' },
      available: true,
    });
    const upload = await page.request.post(`${baseUrl()}/api/portfolio/images`, {
      data: readFileSync(path.join(kFixtures, 'portfolio-1.png')),
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/octet-stream',
        'X-XSRF-TOKEN': decodeURIComponent(
          (await page.context().cookies(baseUrl())).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ??
            '',
        ),
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const image = (await upload.json()) as { id: number };
    await ok(page, 'POST', '/api/portfolio/projects', {
      group_id: null,
      name: 'Tea house identity',
      description: 'A logo, labels and boxes for a tea house.',
      tools: ['Figma', 'Illustrator'],
      link: null,
      images: [{ id: image.id, cover: true }],
    });
    await ok(page, 'POST', '/api/profile/prices', {
      name: 'Logo',
      description: 'Three sketches, two rounds of changes.',
      kind: 'from',
      amount: 1_500_000,
      currency: 'RUB',
      unit: 'project',
    });
  });

  test.afterAll(async () => {
    await performer.page.context().close();
    await customer.page.context().close();
  });

  test('a customer finds the performer by category, filters and search in English and offers a job', async () => {
    const { page } = customer;
    await page.setViewportSize(kDesktop);
    await page.goto(`${baseUrl()}/en/orders`);
    // The top menu's "Freelancers" (SPEC §2).
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Freelancers' })
      .click();
    await expect(page).toHaveURL(/\/en\/freelancers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Freelancers');

    // The category from the sidebar, then the search.
    await page
      .locator('.category-nav')
      .getByRole('link', { name: new RegExp(`^${category.en}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/en/freelancers/${category.code}$`));
    await page.getByRole('searchbox', { name: 'Search freelancers' }).fill(kLastname);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/freelancers/${category.code}\\?q=${kLastname}$`));
    const card = page.getByTestId('freelancer-card').filter({ hasText: kLastname });
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('result-count')).toHaveText('1 freelancer found');
    await expect(card).toContainText(kHeadline);
    await expect(card.getByTestId('freelancer-rate')).toHaveText('RUB 2,500 per hour');
    await expect(card).toContainText('Open to work');
    await expect(card).toContainText('No reviews yet');
    await expect(card.locator('.freelancer-covers img')).toHaveCount(1);

    // Filters: with a portfolio, open to work, a rate range — still found; a least rating of 4 — nobody (no
    // reviews yet), and Back undoes it.
    await page.getByRole('button', { name: 'Advanced filters' }).click();
    await page.getByText('With portfolio only').click();
    await expect(page).toHaveURL(/portfolio=true/);
    await page.locator('label[for="filter-available"]').click();
    await expect(page).toHaveURL(/available=true/);
    await page.getByRole('textbox', { name: 'From' }).fill('1000');
    await page.getByRole('textbox', { name: 'To' }).fill('5 000');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/rate_min=1000&rate_max=5000/);
    await expect(card).toHaveCount(1);
    await shot(page, 'catalogue-filtered-1366-en');
    await choose(page, '#filter-rating', '4 and higher');
    await expect(page).toHaveURL(/rating_min=4/);
    await expect(page.getByTestId('catalogue-empty')).toContainText('No freelancers match these filters.');
    await page.goBack();
    await expect(card).toHaveCount(1);

    // A typo: the lexicon's fallback finds the performer and says what it searched for.
    await page.goto(`${baseUrl()}/en/freelancers?q=Quillfeathr`);
    await expect(page.getByTestId('corrected-note')).toContainText('Showing results for “');
    await expect(page.getByTestId('freelancer-card').filter({ hasText: kLastname })).toHaveCount(1);
    await fits(page, 'catalogue at 1366');
    await shot(page, 'catalogue-corrected-1366-en');

    // The profile from the card, and the job offer from its header.
    await page
      .getByTestId('freelancer-card')
      .filter({ hasText: kLastname })
      .getByRole('link', { name: `Zoya ${kLastname}`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/en/freelancer/${performer.id}$`));
    await page.getByTestId('offer-job').first().click();
    await expect(page).toHaveURL(new RegExp(`/en/create-order\\?performer=${performer.id}$`));
    await expect(page.getByTestId('offer-performer')).toContainText(`Zoya ${kLastname}`);
    await page.getByLabel('Title').fill(kOfferName);
    await page
      .getByLabel('Description')
      .fill('Labels and boxes for a small tea shop, in two colours, ready for print.');
    await choose(page, '#order-category', category.en);
    await page.locator('label[for="budget-agreement"]').click();
    await page.locator('label[for="deadline-agreement"]').click();
    await page.getByRole('button', { name: 'Send the offer' }).click();
    await expect(page.locator('.p-toast')).toContainText('Invitation sent');
    await expect(page.getByTestId('order-title')).toHaveText(kOfferName);

    // The offer reached the performer.
    const invitations = await performer.page.request.get(`${baseUrl()}/api/invitations?as=performer`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(invitations.ok()).toBe(true);
    expect(JSON.stringify(await invitations.json())).toContain(kOfferName);
  });

  test('the catalogue on a phone: categories, search, the filters and the card, no horizontal scroll', async () => {
    const { page } = customer;
    await page.setViewportSize(kPhone);
    await page.goto(`${baseUrl()}/en/freelancers`);
    await page
      .locator('.category-nav')
      .getByRole('link', { name: new RegExp(`^${category.en}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/en/freelancers/${category.code}$`));
    await page.getByRole('searchbox', { name: 'Search freelancers' }).fill(kLastname);
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.getByTestId('freelancer-card').filter({ hasText: kLastname });
    await expect(card).toHaveCount(1);
    await fits(page, 'catalogue at 390');
    await shot(page, 'catalogue-390-en');
    await page.getByRole('button', { name: 'Advanced filters' }).click();
    await page.locator('label[for="filter-portfolio"]').click();
    await expect(page).toHaveURL(/portfolio=true/);
    await expect(card).toHaveCount(1);
    await fits(page, 'catalogue filters at 390');
    await shot(page, 'catalogue-filters-390-en');
    await expect(card.getByTestId('offer-job')).toBeVisible();
    await expect(card.getByTestId('write-message')).toBeVisible();
  });

  test('the catalogue in Russian at both sizes', async () => {
    const { page } = customer;
    for (const size of [kDesktop, kPhone]) {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl()}/ru/freelancers/${category.code}?q=${kLastname}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Фрилансеры: ${category.ru}`);
      const card = page.getByTestId('freelancer-card').filter({ hasText: kLastname });
      await expect(card).toContainText('Принимает заказы');
      await expect(card).toContainText('0 заказов выполнено');
      await expect(page.getByTestId('result-count')).toHaveText('Найден 1 фрилансер');
      await fits(page, `catalogue ru at ${size.width}`);
      await shot(page, `catalogue-${size.width}-ru`);
    }
    await page.setViewportSize(kDesktop);
    await page.goto(`${baseUrl()}/en/freelancers/${category.code}?q=${kLastname}`);
    await expect(page.getByTestId('freelancer-card')).toHaveCount(1);
    await shot(page, 'catalogue-1366-en');
  });

  test('the freelancer landing page in both languages, for a guest and a signed-in user', async ({
    browser,
  }) => {
    const guest = await browser.newPage();
    await guest.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
    const texts = {
      en: {
        title: 'Work as a freelancer on Artel',
        cta: 'Sign up and create a profile',
        how: 'How it works',
      },
      ru: {
        title: 'Работайте фрилансером на Artel',
        cta: 'Зарегистрироваться и создать профиль',
        how: 'Как это работает',
      },
    } as const;
    for (const lang of ['en', 'ru'] as const) {
      for (const size of [kDesktop, kPhone]) {
        await guest.setViewportSize(size);
        await guest.goto(`${baseUrl()}/${lang}/freelancer`);
        await expect(guest.getByRole('heading', { level: 1 })).toHaveText(texts[lang].title);
        await expect(guest.getByRole('heading', { level: 2, name: texts[lang].how })).toBeVisible();
        await expect(guest.locator('.steps .step')).toHaveCount(4);
        await expect(guest.getByTestId('landing-cta').first()).toHaveText(texts[lang].cta);
        await fits(guest, `landing ${lang} at ${size.width}`);
        await shot(guest, `freelancer-landing-${size.width}-${lang}`);
      }
    }
    await guest.getByTestId('landing-cta').first().click();
    await expect(guest).toHaveURL(/\/ru\/registration$/);
    await guest.close();

    const { page, id } = performer;
    await page.setViewportSize(kDesktop);
    await page.goto(`${baseUrl()}/en/freelancer`);
    await expect(page.getByTestId('landing-cta').first()).toHaveText('Fill in my profile');
    await page.getByTestId('landing-cta').first().click();
    await expect(page).toHaveURL(new RegExp(`/en/freelancer/${id}$`));
  });
});
