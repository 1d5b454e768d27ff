import { screen, within } from '@testing-library/react';

import { createRoutes } from '@/app/routes';
import { kOrder } from '@/features/orders/testing/fixtures';
import { kFreelancerCard } from '@/features/profiles/testing/catalogue-fixtures';
import type { OrderDetail } from '@/lib/api/schema.generated';
import { i18n } from '@/lib/i18n/i18n';
import { kCatalog } from '@/test/catalog';
import { kGuestInfo, mockFetch } from '@/test/fetch-mock';
import { kTestUser, kTestUserInfo, renderRoutes, sessionOf } from '@/test/render';

const kDetail: OrderDetail = {
  ...kOrder,
  description: 'One page with the menu and a map, in two languages.',
  attachments: [],
  updated_at: kOrder.created_at,
  viewer: {
    is_customer: false,
    is_performer: false,
    can_edit: false,
    can_delete: false,
    can_close: false,
    can_reopen: false,
    can_complete: false,
    can_bid: false,
    can_review: false,
    can_invite: false,
  },
  my_bid: null,
  invitation: null,
  reviews: [],
  customer_stats: {
    orders_posted: 12,
    performers_selected: 8,
    orders_completed: 6,
    completion_rate: 0.75,
    median_select_seconds: 3 * 3600 + 600,
    rating: 4.6,
    review_count: 5,
  },
};

// What the app composes from the profiles feature into other screens and the shell.
describe('profiles in the app', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    await i18n.changeLanguage('en');
  });

  it("shows the customer's reputation on the order page's customer card, in Russian", async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) => {
      if (request.path === '/api/user/info') return { status: 200, body: kGuestInfo };
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      if (request.path === '/api/orders/42') return { status: 200, body: kDetail };
      return undefined;
    });
    renderRoutes(createRoutes(), '/ru/order/42');
    const reputation = await screen.findByTestId('customer-reputation');
    expect(reputation).toHaveTextContent('Репутация заказчика');
    expect(reputation).toHaveTextContent('12');
    expect(reputation).toHaveTextContent('75');
    expect(reputation).toHaveTextContent('3 часа');
  }, 15_000);

  it('puts "Freelancers" in the top menu, and "Write a message" on the catalogue cards', async () => {
    mockFetch((request) => {
      if (request.path === '/api/user/info') return { status: 200, body: kTestUserInfo };
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      if (request.path === '/api/freelancers/counts')
        return { status: 200, body: { total: 1, categories: [] } };
      if (request.path === '/api/freelancers') {
        return { status: 200, body: { items: [kFreelancerCard], next_cursor: null, corrected: null } };
      }
      return undefined;
    });
    renderRoutes(createRoutes(), '/en/freelancers', sessionOf('Authenticated', kTestUser));
    const top = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(top).getByRole('link', { name: 'Freelancers' })).toHaveAttribute('href', '/en/freelancers');
    const card = await screen.findByTestId('freelancer-card');
    expect(await within(card).findByTestId('write-message')).toHaveTextContent('Write a message');
    expect(within(card).getByTestId('offer-job')).toHaveTextContent('Offer a job');
  }, 15_000);
});
