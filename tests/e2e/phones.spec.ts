import { expect, test, type Page } from '@playwright/test';

import { baseUrl, shot, signUpByApi, unsafeApi, waitForMail, type Account } from './support';

// Issue 9: every screen fits a 390×844 phone (and a 1366×768 desktop) without a horizontal scroll, in both
// languages, also with an order whose title is one long word and with the menus open; the phone header's menu,
// the notifications bell and the verification reminder. E2E_SHOTS=1 saves a screenshot of every route and size.

const kPhone = { width: 390, height: 844 };
const kDesktop = { width: 1366, height: 768 };
const kSizes = [kPhone, kDesktop] as const;
const kLangs = ['en', 'ru'] as const;
const kShots = process.env.E2E_SHOTS === '1';
// Longer than any screen is wide, in a title (its maximum is 200), a description and a last name.
const kLongTitle = 'Ж'.repeat(200);
const kLongWord = 'Щ'.repeat(300);
const kLongName = 'Ш'.repeat(100);

type Route = readonly [name: string, path: string];

interface Overflow {
  width: number;
  inner: number;
  culprits: string[];
}

// The document's width against the window's, and (when wider) the elements that stick out, for the message.
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const inner = window.innerWidth;
    const width = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (width > inner) {
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && box.right > inner + 0.5) {
          const classes = Array.from(element.classList).join('.');
          culprits.push(
            `${element.tagName.toLowerCase()}${classes === '' ? '' : `.${classes}`} → ${Math.round(box.right)}`,
          );
        }
      }
    }
    return { width, inner, culprits: culprits.slice(0, 6) };
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.page-loader')).toHaveCount(0);
}

async function expectFits(page: Page, what: string): Promise<void> {
  const { width, inner, culprits } = await measure(page);
  expect
    .soft(width, `${what} is ${width} px wide in a ${inner} px window: ${culprits.join('; ')}`)
    .toBeLessThanOrEqual(inner);
}

// Each route loads once per language at the phone size and is measured there, then at the desktop size.
async function visitAll(page: Page, who: string, routes: readonly Route[]): Promise<void> {
  test.setTimeout(420_000);
  for (const lang of kLangs) {
    for (const [name, path] of routes) {
      await page.setViewportSize(kPhone);
      await page.goto(`${baseUrl()}/${lang}${path === '' ? '' : `/${path}`}`);
      await settle(page);
      for (const size of kSizes) {
        await page.setViewportSize(size);
        await expectFits(page, `${who} ${lang}/${path} at ${size.width}`);
        if (kShots) await shot(page, `fit-${size.width}-${who}-${name}-${lang}`);
      }
    }
  }
}

async function post(page: Page, path: string, data: unknown) {
  const response = await unsafeApi(page, 'POST', path, data);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: number; bid?: { id: number } };
}

test.describe.configure({ mode: 'serial' });

test.describe('phones: every screen fits, the phone header, the bell and the reminder', () => {
  let customer: Account;
  let performer: Account;
  let longName: Account;
  let category = '';
  let orderId = 0;
  let longOrderId = 0;
  let bidId = 0;
  let chatId = 0;
  let messagePath = '';
  let projectId = 0;
  let resumeId = 0;
  let companyId = 0;
  let vacancyId = 0;

  test.beforeAll(async ({ browser }) => {
    customer = await signUpByApi(browser, 'Olga', 'ru');
    performer = await signUpByApi(browser, 'Ivan', 'en');
    longName = await signUpByApi(browser, 'Petr', 'ru', { lastname: kLongName });
    const catalog = await customer.page.request.get(`${baseUrl()}/api/catalog`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { categories } = (await catalog.json()) as {
      categories: { id: number; code: string; specializations: { id: number }[] }[];
    };
    const first = categories[0]!;
    category = first.code;
    // The long-named user is a listed performer with a one-word headline: the catalogue's card must wrap both.
    const profile = await unsafeApi(longName.page, 'PUT', '/api/profile/freelancer', {
      headline: kLongWord.slice(0, 120),
      about: '',
      specializations: [
        {
          id: categories.find((item) => item.specializations.length > 0)!.specializations[0]!.id,
          main: true,
        },
      ],
      skill_ids: [],
      experience_years: null,
      country_id: null,
      city_id: null,
      languages: [],
      rate: { amount: 99_999_900, currency: 'RUB' },
      available: true,
    });
    expect(profile.ok(), await profile.text()).toBe(true);
    const order = {
      description: 'A landing page for a small coffee shop: menu, prices, map and a contact form.',
      category_id: first.id,
      payment_option: 'safe_deal',
      budget: { amount: 2_500_000, currency: 'RUB' },
    };
    orderId = (await post(customer.page, '/api/orders', { ...order, name: 'Landing for a coffee shop' })).id;
    longOrderId = (
      await post(customer.page, '/api/orders', {
        ...order,
        name: kLongTitle,
        description: `${kLongWord} ${kLongWord}`,
      })
    ).id;
    // Bids from both performers: the customer gets two notifications (one naming the long-named performer).
    const bid = await post(performer.page, `/api/orders/${orderId}/bids`, {
      kind: 'final',
      comment: `I will do it in a week. ${kLongWord}`,
      term_days: 7,
      price: { amount: 2_000_000, currency: 'RUB' },
    });
    bidId = bid.bid!.id;
    await post(longName.page, `/api/orders/${longOrderId}/bids`, {
      kind: 'preliminary',
      comment: 'Ready to start tomorrow.',
      term_days: 3,
    });
    // A chat between the customer and the long-named performer, with a long word and a file.
    chatId = (
      await post(customer.page, '/api/chats', {
        user_id: longName.id,
        context: { type: 'order', id: orderId },
      })
    ).id;
    const file = await unsafeApi(
      customer.page,
      'POST',
      '/api/chats/attachments?name=brief.txt',
      Buffer.from('The brief.\n'),
    );
    expect(file.ok(), await file.text()).toBe(true);
    const attachmentId = ((await file.json()) as { id: number }).id;
    const sent = await post(customer.page, `/api/chats/${chatId}/messages`, {
      client_id: '6f1c7a52-3f4e-4a59-9b4e-2f0d6c1e8a01',
      text: `Here is the brief. ${kLongWord}`,
      attachment_ids: [attachmentId],
    });
    messagePath = `m/chat/${chatId}/${sent.id}/${attachmentId}`;
    await post(longName.page, `/api/chats/${chatId}/messages`, {
      client_id: '6f1c7a52-3f4e-4a59-9b4e-2f0d6c1e8a02',
      text: 'Call me: +7 999 123-45-67',
    });
    // The long-named performer's portfolio (a group with a long-word project) and a price (issue 11).
    const group = await post(longName.page, '/api/portfolio/groups', {
      name: kLongWord.slice(0, 100),
      description: '',
    });
    projectId = (
      await post(longName.page, '/api/portfolio/projects', {
        group_id: group.id,
        name: kLongWord.slice(0, 200),
        description: kLongWord.slice(0, 500),
        tools: ['Figma', kLongWord.slice(0, 50)],
        link: 'https://example.com/a-very-long-link/' + 'x'.repeat(200),
        images: [],
      })
    ).id;
    await post(longName.page, '/api/profile/prices', {
      name: kLongWord.slice(0, 100),
      description: kLongWord.slice(0, 500),
      kind: 'from',
      amount: 150_000_000,
      currency: 'RUB',
      unit: 'thousand_chars',
    });
  });

  test.beforeAll(async () => {
    // Issue 12: a company with a long-word name and a published vacancy with a long-word title.
    companyId = (
      await post(customer.page, '/api/companies', {
        name: kLongWord.slice(0, 120),
        description: kLongWord,
        industry: 'it',
        size: '11_50',
      })
    ).id;
    const catalog = await customer.page.request.get(`${baseUrl()}/api/catalog`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { categories } = (await catalog.json()) as { categories: { id: number }[] };
    vacancyId = (
      await post(customer.page, '/api/vacancies', {
        company_id: companyId,
        title: kLongTitle.slice(0, 150),
        category_id: categories[0]!.id,
        description: `${kLongWord} ${kLongWord}`,
        salary: { from: 9_999_999_900, to: null, currency: 'RUB', gross: true },
        employment: 'full',
        schedule: 'remote',
        experience: '1_3',
        education: 'any',
        publish: true,
      })
    ).id;
  });

  // Issue 12: the performer's resume (its position one long word), responding to the customer's vacancy above.
  test.beforeAll(async () => {
    const catalog = await customer.page.request.get(`${baseUrl()}/api/catalog`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const categoryId = ((await catalog.json()) as { categories: { id: number }[] }).categories[0]!.id;
    resumeId = (
      await post(performer.page, '/api/resumes', {
        position: kLongWord.slice(0, 150),
        category_id: categoryId,
        salary: { amount: 15_000_000, currency: 'RUB' },
        experience: [
          {
            company: kLongWord.slice(0, 150),
            position: 'Developer',
            start: '2020-01',
            end: null,
            description: kLongWord,
          },
        ],
        about: kLongWord,
        publish: true,
      })
    ).id;
    await post(performer.page, `/api/vacancies/${vacancyId}/responses`, {
      resume_id: resumeId,
      letter: kLongWord,
    });
  });

  test.afterAll(async () => {
    for (const account of [customer, performer, longName]) await account.page.context().close();
  });

  test('every route fits a phone and a desktop for a guest, in both languages', async ({ browser }) => {
    const guest = await browser.newPage();
    await guest.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
    await visitAll(guest, 'guest', [
      ['main', ''],
      ['login', 'login'],
      ['registration', 'registration'],
      ['reset-request', 'reset-password'],
      ['reset-set', 'reset-password?token=not-a-token'],
      ['verification', 'verification-email?token=not-a-token'],
      ['orders', 'orders'],
      ['category', `orders/${category}`],
      ['freelancers', 'freelancers'],
      ['freelancers-category', `freelancers/${category}`],
      ['freelancers-search', 'freelancers?q=Petr&available=true'],
      ['freelancer-landing', 'freelancer'],
      ['order', `order/${orderId}`],
      ['order-long', `order/${longOrderId}`],
      ['customer', `customer/${customer.id}`],
      ['customer-reviews', `customer/${customer.id}/reviews`],
      ['freelancer-work', `freelancer/${performer.id}/orders`],
      ['freelancer-reviews', `freelancer/${performer.id}/reviews`],
      ['long-name', `freelancer/${longName.id}/reviews`],
      ['portfolio', `freelancer/${longName.id}`],
      ['project', `freelancer/${longName.id}/portfolio/${projectId}`],
      ['about', `freelancer/${longName.id}/about`],
      ['prices', `freelancer/${longName.id}/prices`],
      ['portfolio-empty', `freelancer/${performer.id}`],
      ['not-found', 'no-such-page'],
      ['order-not-found', 'order/999999999'],
      ['admin', 'admin'],
      ['create-order', 'create-order'],
      ['resumes', 'resumes'],
      ['resumes-category', `resumes/${category}`],
      ['resume', `resume/${resumeId}`],
      ['resume-not-found', 'resume/abc'],
      ['vacancies', 'vacancies'],
      ['vacancies-category', `vacancies/${category}`],
      ['vacancies-search', 'vacancies?q=developer&employment=full&remote=true'],
      ['employer', `employer/${companyId}`],
      ['vacancy', `vacancy/${vacancyId}`],
      ['employers', 'employers'],
      ['articles', 'articles'],
    ]);
    await guest.close();
  });

  test('every route fits a phone and a desktop for signed-in users, in both languages', async () => {
    const { id } = customer;
    await visitAll(customer.page, 'customer', [
      ['main', ''],
      ['orders', 'orders'],
      ['category', `orders/${category}`],
      ['freelancers', 'freelancers'],
      ['freelancers-category', `freelancers/${category}`],
      ['freelancer-landing', 'freelancer'],
      ['order-owner', `order/${orderId}`],
      ['order-long-owner', `order/${longOrderId}`],
      ['order-edit', `order/${orderId}/edit`],
      ['create-order', 'create-order'],
      ['job-offer', `create-order?performer=${performer.id}`],
      ['settings-personal', `settings/${id}/personal-data`],
      ['settings-password', `settings/${id}/change-password`],
      ['my-orders', `customer/${id}/orders`],
      ['my-work', `freelancer/${id}/orders`],
      ['my-reviews', `customer/${id}/reviews`],
      ['my-portfolio', `freelancer/${id}`],
      ['my-about', `freelancer/${id}/about`],
      ['my-prices', `freelancer/${id}/prices`],
      ['my-about-form', `freelancer/${id}/about?edit=profile`],
      ['my-project-form', `freelancer/${id}?edit=project`],
      ['invite-box', `freelancer/${performer.id}/reviews`],
      ['performer-work', `freelancer/${performer.id}/orders`],
      ['long-name', `freelancer/${longName.id}/reviews`],
      ['notifications', 'notifications'],
      ['messenger', 'm'],
      ['new-chat', 'm/chat'],
      ['new-chat-user', `m/chat?user=${performer.id}`],
      ['chat', `m/chat/${chatId}`],
      ['chat-file', messagePath],
      ['vacancy-responds', `vacancy/${vacancyId}/responds`],
      ['resume-employer', `resume/${resumeId}`],
      ['admin', 'admin'],
      ['not-found', 'no-such-page'],
      ['verification', 'verification-email?token=not-a-token'],
      ['employer-create', 'employer/create'],
      ['employer-owner', `employer/${companyId}`],
      ['employer-edit', `employer/${companyId}/edit`],
      ['employers-my', 'employers/my'],
      ['vacancy-create', 'vacancy/create'],
      ['vacancy-owner', `vacancy/${vacancyId}`],
      ['vacancy-edit', `vacancy/${vacancyId}/edit`],
      ['vacancies-my', 'vacancies/my'],
      ['vacancies', 'vacancies'],
      ['article-create', 'articles/-create-'],
      ['articles-my', 'articles/-my-'],
    ]);
    await visitAll(longName.page, 'long-name', [
      ['my-portfolio', `freelancer/${longName.id}`],
      ['my-project', `freelancer/${longName.id}/portfolio/${projectId}`],
      ['my-prices', `freelancer/${longName.id}/prices`],
      ['my-price-form', `freelancer/${longName.id}/prices?edit=price`],
    ]);
    await visitAll(performer.page, 'performer', [
      ['resume-create', 'resume/create'],
      ['resume-owner', `resume/${resumeId}`],
      ['resume-edit', `resume/${resumeId}/edit`],
      ['resumes-my', 'resumes/my'],
      ['my-responses', 'resume/my-responses'],
      ['resume-responds', `resume/${resumeId}/responds`],
      ['order-bidder', `order/${orderId}`],
      ['order-long-bid-form', `order/${longOrderId}`],
      ['my-work', `freelancer/${performer.id}/orders`],
      ['employer-reviewer', `employer/${companyId}`],
      ['vacancy-applicant', `vacancy/${vacancyId}`],
    ]);
  });

  test('a long word wraps: the order title, the list card keeps its budget in view', async () => {
    const { page } = customer;
    await page.setViewportSize(kPhone);
    await page.goto(`${baseUrl()}/ru/order/${longOrderId}`);
    await expect(page.getByTestId('order-title')).toHaveText(kLongTitle);
    const title = await page.getByTestId('order-title').boundingBox();
    expect(title!.width).toBeLessThanOrEqual(kPhone.width);
    await shot(page, 'long-word-order-390-ru');
    await page.setViewportSize(kDesktop);
    // The whole word: a 200-letter word is found as written (no lexicon learns words over 40 letters).
    await page.goto(`${baseUrl()}/en/orders?q=${encodeURIComponent(kLongTitle)}`);
    await settle(page);
    const card = page.getByTestId('order-card').filter({ hasText: kLongTitle.slice(0, 50) });
    await expect(card).toBeVisible();
    const cardBox = (await card.boundingBox())!;
    const budget = (await card.locator('.order-card-budget').boundingBox())!;
    expect(budget.x + budget.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await expectFits(page, 'the list with the long-word order');
    await shot(page, 'long-word-list-1366-en');
  });

  test('phone header: the menu button opens the menu (labelled, Escape closes, focus comes back)', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: kPhone });
    const guest = await context.newPage();
    await guest.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
    for (const [lang, menu, login, signUp] of [
      ['en', 'Menu', 'Log in', 'Sign up'],
      ['ru', 'Меню', 'Войти', 'Регистрация'],
    ] as const) {
      await guest.goto(`${baseUrl()}/${lang}`);
      // The desktop controls are not shown on a phone; the menu button is.
      await expect(guest.locator('.site-header .top-menu')).toBeHidden();
      await expect(guest.locator('.site-header .auth-links')).toBeHidden();
      const button = guest.getByRole('button', { name: menu, exact: true });
      await button.click();
      const dialog = guest.getByRole('dialog', { name: menu });
      await expect(dialog).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(dialog.getByRole('link', { name: login })).toBeVisible();
      const signUpLink = dialog.getByRole('link', { name: signUp });
      await expect(signUpLink).toBeVisible();
      // "Регистрация" is whole, not cut — once the drawer has slid in (it is measured until it settles).
      await expect
        .poll(async () => {
          const box = (await signUpLink.boundingBox())!;
          return box.x + box.width;
        })
        .toBeLessThanOrEqual(kPhone.width);
      expect(await signUpLink.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
      await expect(
        dialog.getByRole('group', { name: lang === 'en' ? 'Interface language' : 'Язык интерфейса' }),
      ).toBeVisible();
      await expectFits(guest, `the open menu (${lang})`);
      await shot(guest, `mobile-menu-guest-${lang}`, false);
      await guest.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      // A link in the menu navigates and closes it.
      await button.click();
      await dialog.getByRole('link', { name: signUp }).click();
      await expect(guest).toHaveURL(new RegExp(`/${lang}/registration$`));
      await expect(dialog).toBeHidden();
      await expect(guest.getByRole('heading', { level: 1 })).toHaveText(signUp);
    }

    // The language switch in the menu.
    await guest.getByRole('button', { name: 'Меню', exact: true }).click();
    await guest.getByRole('dialog').getByRole('button', { name: 'English' }).click();
    await expect(guest).toHaveURL(/\/en\/registration$/);
    await context.close();

    // Signed in: the account's entries are real links, and logging out is there.
    const { page } = performer;
    await page.setViewportSize(kPhone);
    await page.goto(`${baseUrl()}/en/orders`);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog.getByRole('link', { name: 'Personal data' })).toHaveAttribute(
      'href',
      `/en/settings/${performer.id}/personal-data`,
    );
    await expect(dialog.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expectFits(page, 'the open menu of a signed-in user');
    await shot(page, 'mobile-menu-user-en', false);
    await dialog.getByRole('link', { name: 'Personal data' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/settings/${performer.id}/personal-data$`));
    await expect(dialog).toBeHidden();
  });

  test('desktop: the avatar menu opens without widening or moving the page', async () => {
    const { page } = customer;
    await page.setViewportSize(kDesktop);
    for (const [lang, account] of [
      ['en', 'Account menu'],
      ['ru', 'Меню аккаунта'],
    ] as const) {
      await page.goto(`${baseUrl()}/${lang}/orders`);
      await settle(page);
      const before = await page.locator('.header-inner').boundingBox();
      await page.getByRole('button', { name: account }).click();
      const menu = page.locator('#user-menu-popup');
      await expect(menu).toBeVisible();
      await expectFits(page, `the open avatar menu (${lang})`);
      expect(await page.locator('.header-inner').boundingBox()).toEqual(before);
      const box = (await menu.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(kDesktop.width);
      await shot(page, `user-menu-open-1366-${lang}`, false);
      await page.keyboard.press('Escape');
    }
  });

  test('the cookie notice is on the screen of a phone', async ({ browser }) => {
    const context = await browser.newContext({ viewport: kPhone });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/ru/registration`);
    const notice = page.getByRole('region', { name: 'Принять' });
    await expect(notice).toBeVisible({ timeout: 10_000 });
    const box = (await notice.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(kPhone.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(kPhone.width);
    await expectFits(page, 'the page with the cookie notice');
    await shot(page, 'cookie-notice-390-ru', false);
    await context.close();
  });

  test('the bell: unread count, the popover on a desktop, marking read clears the count', async () => {
    const { page } = customer;
    await page.setViewportSize(kDesktop);
    await page.goto(`${baseUrl()}/ru/orders`);
    const bell = page.getByTestId('notifications-bell');
    // Two bids on the order and the performer's response to the vacancy (the issue-12 set-up above).
    await expect(bell).toHaveAttribute('aria-label', 'Уведомления, непрочитанных: 3');
    await expect(page.getByTestId('notifications-unread')).toHaveText('3');
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Уведомления' });
    await expect(popover).toBeVisible();
    await expect(popover.locator('.notification')).toHaveCount(3);
    await expect(popover).toContainText('Landing for a coffee shop');
    await expectFits(page, 'the open notifications popover');
    await shot(page, 'bell-popover-1366-ru', false);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await bell.click();
    await popover.getByRole('button', { name: 'Отметить все прочитанными' }).click();
    await expect(page.getByTestId('notifications-unread')).toHaveCount(0);
    await expect(bell).toHaveAttribute('aria-label', 'Уведомления');
    // A notification's link opens its order and closes the popover.
    await popover.getByRole('link', { name: /Landing for a coffee shop/ }).click();
    await expect(page).toHaveURL(new RegExp(`/ru/order/${orderId}$`));
    await expect(popover).toBeHidden();
    await page.setViewportSize(kDesktop);
    await page.goto(`${baseUrl()}/en/orders`);
    await bell.click();
    await shot(page, 'bell-popover-1366-en', false);
  });

  test('the bell on a phone opens the notifications page', async () => {
    // The customer selects the performer: a notification for the performer.
    await post(customer.page, `/api/orders/${orderId}/select`, { bid_id: bidId });
    const { page } = performer;
    await page.setViewportSize(kPhone);
    for (const lang of kLangs) {
      await page.goto(`${baseUrl()}/${lang}/orders`);
      await expect(page.getByTestId('notifications-unread')).toHaveText('1');
      await shot(page, `bell-390-${lang}`, false);
    }
    await page.getByTestId('notifications-bell').click();
    await expect(page).toHaveURL(/\/ru\/notifications$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Уведомления');
    await expect(page.getByTestId('notifications')).toContainText('Landing for a coffee shop');
    await expectFits(page, 'the notifications page');
    await shot(page, 'notifications-page-390-ru');
    await page.getByRole('button', { name: 'Отметить все прочитанными' }).click();
    await expect(page.getByTestId('notifications-unread')).toHaveCount(0);
    await page.goto(`${baseUrl()}/en/notifications`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Notifications');
    await shot(page, 'notifications-page-390-en');
  });

  test('an unverified account is reminded, can resend the link (rate limit shown) and dismiss it', async ({
    browser,
  }) => {
    const account = await signUpByApi(browser, 'Nina', 'ru', { verify: false, viewport: kPhone });
    const { page } = account;
    await page.goto(`${baseUrl()}/ru/orders`);
    const reminder = page.getByTestId('verify-reminder');
    await expect(reminder).toContainText(`Подтвердите e-mail ${account.email}`);
    await expectFits(page, 'the page with the reminder');
    await shot(page, 'verify-reminder-390-ru');
    await reminder.getByRole('button', { name: 'Отправить ссылку ещё раз' }).click();
    await expect(reminder.getByRole('status')).toHaveText('Новая ссылка отправлена: проверьте почту.');
    await waitForMail(account.email, 1);

    // The server allows a few resends per window: use them up, then the reminder shows its refusal.
    for (let i = 0; i < 10; ++i) {
      const response = await unsafeApi(page, 'POST', '/api/user/email/resend', {});
      if (response.status() === 429) break;
    }
    await page.goto(`${baseUrl()}/en/orders`);
    await reminder.getByRole('button', { name: 'Send the link again' }).click();
    await expect(reminder.getByRole('alert')).not.toBeEmpty();
    await expect(reminder.getByRole('button', { name: 'Send the link again' })).toBeVisible();
    await page.setViewportSize(kDesktop);
    await shot(page, 'verify-reminder-rate-limited-1366-en');
    await shot(page, 'verify-reminder-1366-en');

    await reminder.getByRole('button', { name: 'Hide the reminder' }).click();
    await expect(reminder).toHaveCount(0);
    await page.reload();
    await settle(page);
    await expect(page.getByTestId('verify-reminder')).toHaveCount(0);
    await page.context().close();
  });
});
