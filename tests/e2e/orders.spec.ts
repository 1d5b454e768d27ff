import { expect, test, type Browser, type Page } from '@playwright/test';

import { baseUrl, catalogOf, choose, shot, signUpByApi, type Account, type CatalogShape } from './support';

// Issue 4 in the browser against the real artel binary. Two people, each in their own browser context:
// a customer posts an order in Russian; a performer finds it by search and filters, bids preliminary, makes the
// bid final and is selected; the customer completes the order; both review (and the performer replies). Then
// the personal-offer flow in English: job offer from the freelancer page → 'Invitation sent' → a duplicate
// invitation is refused → the performer accepts. Screenshots of every new screen in both languages.

const kStamp = Date.now().toString(36);
const kOrderName = `Лендинг для кофейни ${kStamp}`;
const kOfferName = `Logo for a bakery ${kStamp}`;
const kPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function confirmYes(page: Page, yes: string): Promise<void> {
  await page.locator('.p-confirm-dialog').getByRole('button', { name: yes }).click();
  // Gone before the next step: a dialog still closing would take the next confirmation's click.
  await expect(page.locator('.p-confirm-dialog')).toHaveCount(0);
}

test.describe.configure({ mode: 'serial' });

test.describe('orders and bids end to end', () => {
  let customer: Account;
  let performer: Account;
  let orderUrl = '';
  let taxonomy: CatalogShape;

  test.beforeAll(async ({ browser }) => {
    customer = await signUpByApi(browser, 'Olga', 'ru', { lastname: 'Sidorova', intent: null });
    performer = await signUpByApi(browser, 'Ivan', 'ru', { lastname: 'Petrov', intent: null });
    taxonomy = await catalogOf(customer.page);
  });

  test.afterAll(async () => {
    await customer.page.context().close();
    await performer.page.context().close();
  });

  test(
    'welcome: the customer wants a specialist and lands on the order form',
    { tag: '@phone' },
    async () => {
      const { page } = customer;
      await page.goto(`${baseUrl()}/ru`);
      await expect(page.getByRole('dialog')).toContainText('Добро пожаловать в Artel!');
      await page.getByTestId('welcome-customer').click();
      await shot(page, 'welcome-ru', false);
      await page.getByRole('button', { name: 'Продолжить' }).click();
      await expect(page).toHaveURL(/\/ru\/create-order$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Разместить заказ');
    },
  );

  test(
    'the customer posts an order in Russian, with a file; server errors show under the fields',
    { tag: '@phone' },
    async () => {
      const { page } = customer;
      const category = taxonomy.categories[0]!;
      // Nothing filled: the server's 422 messages appear under their fields.
      await page.getByLabel('Сумма').fill('25000');
      await page.locator('label[for="deadline-agreement"]').click();
      await page.getByRole('button', { name: 'Опубликовать заказ' }).click();
      await expect(page.locator('.field-error').first()).toBeVisible();
      await shot(page, 'create-order-errors-ru');

      await page.getByLabel('Название').fill(kOrderName);
      await page
        .getByLabel('Описание')
        .fill('Нужен одностраничный сайт для кофейни: меню, фотографии зала, карта и форма брони столика.');
      await choose(page, '#order-category', category.names.ru);
      if (category.specializations[0] !== undefined) {
        await choose(page, '#order-specialization', category.specializations[0].names.ru);
      }
      await choose(page, '#order-payment', 'Безопасная сделка');
      await page
        .getByTestId('attachments-input')
        .setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: kPng });
      await expect(page.locator('.attachment-name')).toHaveText('menu.png');
      await page.getByTestId('attachments-input').setInputFiles({
        name: 'script.exe',
        mimeType: 'application/octet-stream',
        // Not UTF-8 text nor any accepted type (an executable's header).
        buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0xff, 0xfe, 0x00, 0x01, 0x80, 0x81]),
      });
      await expect(page.getByText('script.exe: Неподдерживаемый формат файла')).toBeVisible();
      await shot(page, 'create-order-filled-ru');
      await page.getByRole('button', { name: 'Опубликовать заказ' }).click();
      await expect(page.getByTestId('order-title')).toHaveText(kOrderName);
      await expect(page.getByTestId('order-state')).toHaveText('В поиске');
      await expect(page.getByTestId('order-budget')).toContainText('25');
      orderUrl = new URL(page.url()).pathname;
      await shot(page, 'order-owner-ru');
    },
  );

  test(
    'the performer says they look for a job, then finds the order by search and filters',
    { tag: '@phone' },
    async () => {
      const { page } = performer;
      await page.goto(`${baseUrl()}/ru`);
      await page.getByTestId('welcome-performer').click();
      await choose(page, '#welcome-country', taxonomy.countries[0]!.names.ru);
      await page.getByRole('button', { name: 'Продолжить' }).click();
      await expect(page).toHaveURL(new RegExp(`/ru/orders\\?country=${taxonomy.countries[0]!.id}$`));

      await page.goto(`${baseUrl()}/ru/orders`);
      await page.getByRole('searchbox', { name: 'Поиск заказов' }).fill(kStamp);
      await page.getByRole('button', { name: 'Найти' }).click();
      await expect(page).toHaveURL(new RegExp(`q=${kStamp}`));
      await page.getByRole('button', { name: 'Расширенные фильтры' }).click();
      await choose(page, '#filter-payment', 'Безопасная сделка');
      await choose(page, '#filter-deadline', 'По договорённости');
      await expect(page).toHaveURL(/payment=safe_deal/);
      await expect(page).toHaveURL(/deadline=by_agreement/);
      await expect(page.getByTestId('order-card')).toHaveCount(1);
      await expect(page.getByTestId('order-card')).toContainText(kOrderName);
      await shot(page, 'orders-filtered-ru');
      // A filter that excludes it: no prepayment.
      await choose(page, '#filter-payment', 'Без предоплаты');
      await expect(page.getByText('По этим фильтрам заказов нет.')).toBeVisible();
      // Back restores the previous filters (they live in the URL).
      await page.goBack();
      await expect(page.getByTestId('order-card')).toContainText(kOrderName);
      await page.getByRole('link', { name: kOrderName }).click();
      await expect(page.getByTestId('order-title')).toHaveText(kOrderName);
    },
  );

  test(
    'the performer bids preliminary and sees the profile prompt after the first bid',
    { tag: '@phone' },
    async () => {
      const { page } = performer;
      await page.locator('label[for="bid-kind-preliminary"]').click();
      await page.getByLabel('Комментарий').fill('Сделаю за неделю, покажу макет через два дня.');
      await page.getByLabel('Срок, дней').fill('7');
      await shot(page, 'order-bid-form-ru');
      await page.getByRole('button', { name: 'Откликнуться' }).click();
      await expect(page.getByTestId('profile-prompt')).toBeVisible();
      await shot(page, 'order-profile-prompt-ru', false);
      await expect(page.getByTestId('profile-prompt-link')).toHaveAttribute(
        'href',
        `/ru/freelancer/${performer.id}/about`,
      );
      await page.getByRole('button', { name: 'Позже' }).click();
      await expect(page.getByTestId('my-bid')).toContainText('Предварительный');
      // The customer's order page, open since the order was posted, shows the bid without a reload.
      await expect(customer.page).toHaveURL(new RegExp(`${orderUrl}$`));
      await expect(customer.page.getByTestId('bid-card')).toContainText('Ivan Petrov');
    },
  );

  test('the customer cannot select a preliminary bid', async () => {
    const { page } = customer;
    await page.goto(`${baseUrl()}${orderUrl}`);
    await expect(page.getByTestId('bid-card')).toContainText('Ivan Petrov');
    await expect(page.getByTestId('preliminary-hint')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Выбрать исполнителем' })).toHaveCount(0);
    await shot(page, 'order-owner-bids-ru');
  });

  test('the performer makes the bid final', async () => {
    const { page } = performer;
    await page.getByRole('button', { name: 'Сделать окончательным' }).click();
    await page.getByLabel('Цена').fill('20000');
    await page.getByRole('button', { name: 'Сохранить отклик' }).click();
    await expect(page.getByTestId('my-bid')).toContainText('Окончательный');
    await shot(page, 'order-my-bid-ru');
  });

  test('the customer selects the performer, then confirms the work is done', async () => {
    const { page } = customer;
    await page.goto(`${baseUrl()}${orderUrl}`);
    await page.getByRole('button', { name: 'Выбрать исполнителем' }).click();
    await confirmYes(page, 'Да');
    await expect(page.getByTestId('order-state')).toHaveText('Исполнитель выбран');
    await expect(page.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Подтвердить выполнение' }).click();
    await confirmYes(page, 'Да');
    await expect(page.getByTestId('order-state')).toHaveText('Выполнен');
  });

  test('both review: a rating is required, then the performer replies', async () => {
    const { page } = customer;
    await page.getByRole('textbox', { name: 'Отзыв', exact: true }).fill('Отличная работа, всё в срок.');
    await page.getByRole('button', { name: 'Опубликовать отзыв' }).click();
    await expect(page.getByText('Поставьте оценку')).toBeVisible();
    await page.locator('[data-testid="review-form"] .p-rating-item').nth(4).click();
    await page.getByRole('button', { name: 'Опубликовать отзыв' }).click();
    await expect(page.getByTestId('review')).toHaveCount(1);
    await shot(page, 'order-completed-customer-ru');

    const other = performer.page;
    await other.goto(`${baseUrl()}${orderUrl}`);
    await other.locator('[data-testid="review-form"] .p-rating-item').nth(3).click();
    await other
      .getByRole('textbox', { name: 'Отзыв', exact: true })
      .fill('Понятное задание, быстрая обратная связь.');
    await other.getByRole('button', { name: 'Опубликовать отзыв' }).click();
    await expect(other.getByTestId('review')).toHaveCount(2);
    await other.getByRole('button', { name: 'Ответить' }).click();
    await other.getByLabel('Ваш ответ').fill('Спасибо, было приятно работать!');
    await other.getByRole('button', { name: 'Опубликовать ответ' }).click();
    await expect(other.getByTestId('review-reply')).toContainText('Спасибо');
    await expect(other.getByRole('button', { name: 'Ответить' })).toHaveCount(0);
    await shot(other, 'order-completed-performer-ru');

    await other.goto(`${baseUrl()}/ru/freelancer/${performer.id}/reviews`);
    await expect(other.getByTestId('freelancer-header')).toContainText('Ivan Petrov');
    await expect(other.getByTestId('review')).toHaveCount(1);
    await shot(other, 'freelancer-reviews-ru');
    await other.goto(`${baseUrl()}/en/freelancer/${performer.id}/reviews`);
    await expect(other.getByTestId('review')).toHaveCount(1);
    await shot(other, 'freelancer-reviews-en');
  });

  test('my orders lists and notifications, both languages', async () => {
    for (const lang of ['ru', 'en'] as const) {
      await customer.page.goto(`${baseUrl()}/${lang}/customer/${customer.id}/orders`);
      await expect(customer.page.getByTestId('my-orders')).toContainText(kOrderName);
      await expect(customer.page.getByTestId('notifications')).toBeVisible();
      await shot(customer.page, `my-orders-customer-${lang}`);
      await performer.page.goto(`${baseUrl()}/${lang}/freelancer/${performer.id}/orders`);
      await expect(performer.page.getByTestId('my-orders')).toContainText(kOrderName);
      await shot(performer.page, `my-orders-performer-${lang}`);
    }
  });

  test('the order list and detail in English for a guest', async ({ browser }) => {
    const guest = await browser.newPage();
    await guest.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
    await guest.goto(`${baseUrl()}/en/orders`);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Orders');
    await shot(guest, 'orders-en');
    await guest.goto(`${baseUrl()}/ru/orders`);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Заказы');
    await shot(guest, 'orders-ru');
    await guest.goto(`${baseUrl()}/en/orders/${taxonomy.categories[0]!.code}`);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(taxonomy.categories[0]!.names.en);
    await guest.goto(`${baseUrl()}${orderUrl.replace('/ru/', '/en/')}`);
    await expect(guest.getByTestId('order-state')).toHaveText('Completed');
    await shot(guest, 'order-guest-en');
    await guest.goto(`${baseUrl()}/en/create-order`);
    await expect(guest).toHaveURL(/\/en\/login$/);
    await guest.close();
  });

  test('personal offer in English: job offer → Invitation sent → duplicate refused → performer accepts', async () => {
    const { page } = customer;
    await page.goto(`${baseUrl()}/en/freelancer/${performer.id}/reviews`);
    await page.getByTestId('offer-job').click();
    await expect(page).toHaveURL(new RegExp(`/en/create-order\\?performer=${performer.id}$`));
    await expect(page.getByTestId('offer-performer')).toContainText('Ivan Petrov');
    await page.getByLabel('Title').fill(kOfferName);
    await page
      .getByLabel('Description')
      .fill('A simple logo for a small bakery: a wordmark and an icon, two rounds of changes.');
    await choose(page, '#order-category', taxonomy.categories[0]!.names.en);
    await page.locator('label[for="budget-agreement"]').click();
    await page.locator('label[for="deadline-agreement"]').click();
    await shot(page, 'job-offer-en');
    await page.getByRole('button', { name: 'Send the offer' }).click();
    await expect(page.locator('.p-toast')).toContainText('Invitation sent');
    await expect(page.getByTestId('order-title')).toHaveText(kOfferName);
    await shot(page, 'job-offer-sent-en');

    await page.goto(`${baseUrl()}/en/freelancer/${performer.id}/reviews`);
    await choose(page, '#invite-order', kOfferName);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(page.getByTestId('invite-to-order')).toContainText(
      'You have already sent an invitation for this order',
    );
    await shot(page, 'invite-duplicate-en');

    const other = performer.page;
    await other.goto(`${baseUrl()}/en/freelancer/${performer.id}/orders`);
    const invitation = other.getByTestId('invitation').filter({ hasText: kOfferName });
    await expect(invitation).toBeVisible();
    await shot(other, 'my-invitations-en');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expect(other.locator('.p-toast')).toContainText('Invitation accepted');
    await invitation.getByRole('link', { name: kOfferName }).click();
    // The list has state badges too: wait for the order page before reading its badge.
    await expect(other).toHaveURL(/\/en\/order\/\d+$/);
    await expect(other.getByTestId('order-title')).toHaveText(kOfferName);
    await expect(other.getByTestId('order-state')).toHaveText('In progress');
    await shot(other, 'job-offer-accepted-en');
  });
  test('a guest reads both public profiles: orders and work, never the personal offer', async ({
    browser,
  }) => {
    const guest = await browser.newPage();
    await guest.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
    await guest.goto(`${baseUrl()}/ru/customer/${customer.id}`);
    await expect(guest).toHaveURL(new RegExp(`/ru/customer/${customer.id}/orders$`));
    const orders = guest.getByTestId('user-orders');
    await expect(orders.getByTestId('order-card').filter({ hasText: kOrderName })).toContainText('Выполнен');
    await expect(orders).not.toContainText(kOfferName);
    await shot(guest, 'customer-orders-ru');
    await guest.getByRole('button', { name: 'Выполнен', exact: true }).click();
    await expect(guest).toHaveURL(/\?state=completed$/);
    await expect(orders.getByTestId('order-card')).toHaveCount(1);

    // The customer has taken no work; the performer has (the freelancer profile's orders tab).
    await guest.goto(`${baseUrl()}/ru/freelancer/${customer.id}/orders`);
    await expect(guest.getByTestId('user-orders-empty')).toHaveText('Взятых на Artel заказов пока нет.');
    await guest.goto(`${baseUrl()}/ru/freelancer/${performer.id}/orders`);
    await expect(guest.getByTestId('freelancer-header')).toContainText('Ivan Petrov');
    await expect(orders).toContainText(kOrderName);
    await expect(orders).not.toContainText(kOfferName);

    await guest.goto(`${baseUrl()}/en/freelancer/${performer.id}/orders`);
    await expect(guest.getByRole('heading', { level: 2, name: 'Orders taken' })).toBeVisible();
    await expect(orders.getByTestId('order-card').filter({ hasText: kOrderName })).toContainText('Completed');
    await shot(guest, 'freelancer-work-en');
    await guest.goto(`${baseUrl()}/en/customer/${performer.id}`);
    await expect(guest).toHaveURL(new RegExp(`/en/customer/${performer.id}/orders$`));
    await expect(guest.getByTestId('customer-stats')).toContainText('Orders posted');
    await expect(guest.getByTestId('user-orders-empty')).toHaveText('No public orders yet.');
    await guest.close();
  });

  test('the customer edits, closes, reopens and deletes an order, in English', async () => {
    const { page } = customer;
    const name = `Translate a menu ${kStamp}`;
    await page.goto(`${baseUrl()}/en/create-order`);
    await page.getByLabel('Title').fill(name);
    await page
      .getByLabel('Description')
      .fill('Translate a two-page cafe menu from Russian into English, keeping the layout.');
    await choose(page, '#order-category', taxonomy.categories[0]!.names.en);
    await page.getByLabel('Amount').fill('3000');
    await page.locator('label[for="deadline-agreement"]').click();
    await shot(page, 'create-order-en');
    await page.getByRole('button', { name: 'Publish the order' }).click();
    await expect(page.getByTestId('order-title')).toHaveText(name);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByLabel('Amount')).toHaveValue('3000');
    await page.getByLabel('Title').fill(`${name} (cafe)`);
    await shot(page, 'order-edit-en');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('order-title')).toHaveText(`${name} (cafe)`);

    await page.getByRole('button', { name: 'Close the order' }).click();
    await confirmYes(page, 'Yes');
    await expect(page.getByTestId('order-state')).toHaveText('Closed');
    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByTestId('order-state')).toHaveText('Open');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmYes(page, 'Yes');
    await expect(page).toHaveURL(/\/en\/orders$/);
  });
});
