import { fireEvent, screen } from '@testing-library/react';

import { createRoutes } from '@/app/routes';
import type { PublicUser } from '@/lib/api/schema.generated';
import { kOrder } from '@/features/orders/testing/fixtures';
import { kCatalog } from '@/test/catalog';
import { i18n } from '@/lib/i18n/i18n';
import { kGuestInfo, mockFetch } from '@/test/fetch-mock';
import { customerProfile, freelancerProfile } from '@/test/profiles';
import { kTestUser, kTestUserInfo, renderRoutes, sessionOf } from '@/test/render';

const kPerformer: PublicUser = {
  id: 12,
  name: 'Ivan',
  lastname: 'Petrov',
  avatar: null,
  created_at: '2026-01-10T09:00:00Z',
  as_performer: { average: 4.5, count: 2 },
  as_customer: { average: null, count: 0 },
};

function serve(signedIn: boolean, orders: unknown[] = [{ ...kOrder, state: 'completed' }]) {
  return mockFetch((request) => {
    if (request.path === '/api/user/info')
      return { status: 200, body: signedIn ? kTestUserInfo : kGuestInfo };
    if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
    if (request.path === '/api/users/12') return { status: 200, body: kPerformer };
    if (request.path === '/api/freelancers/12') return { status: 200, body: freelancerProfile(12) };
    if (request.path === '/api/customers/12') return { status: 200, body: customerProfile(12) };
    if (request.path === '/api/users/99') return { status: 404, body: { status: 404, code: 'NotFound' } };
    if (request.path === '/api/users/12/orders')
      return { status: 200, body: { items: orders, next_cursor: null } };
    if (request.path === '/api/orders/my') return { status: 200, body: { items: [], next_cursor: null } };
    if (request.path === '/api/invitations') return { status: 200, body: { items: [] } };
    if (request.path === '/api/notifications') return { status: 200, body: { items: [], unread: 0 } };
    return undefined;
  });
}

describe('public profile orders', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it("shows a guest the freelancer's work with the state filter in the URL", async () => {
    const { requests } = serve(false);
    const { router } = renderRoutes(createRoutes(), '/en/freelancer/12/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ivan Petrov' })).toBeInTheDocument();
    expect(await screen.findByText('Landing page for a coffee shop')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Orders taken' })).toBeInTheDocument();
    const list = requests.find((request) => request.path === '/api/users/12/orders');
    expect(Object.fromEntries(list?.query ?? [])).toEqual({ as: 'performer', limit: '20' });
    // A freelancer's public work is only ever taken or done.
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Completed' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?state=completed'));
    await vi.waitFor(() =>
      expect(requests.some((request) => request.query.get('state') === 'completed')).toBe(true),
    );
    expect(screen.getByTestId('offer-job')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/orders/my')).toBe(false);
  });

  it('shows the empty customer page in Russian', async () => {
    await i18n.changeLanguage('ru');
    serve(false, []);
    renderRoutes(createRoutes(), '/ru/customer/12/orders');
    expect(await screen.findByTestId('user-orders-empty')).toHaveTextContent('Публичных заказов пока нет.');
    expect(screen.getByRole('link', { name: 'Отзывы' })).toHaveAttribute('href', '/ru/customer/12/reviews');
    expect(screen.getByTestId('customer-stats')).toHaveTextContent('Заказов размещено');
  });

  it('sends customer/{id} to its orders page', async () => {
    serve(false);
    const { router } = renderRoutes(createRoutes(), '/en/customer/12');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en/customer/12/orders'));
  });

  it('shows the 404 screen for an unknown user', async () => {
    serve(false);
    renderRoutes(createRoutes(), '/en/customer/99/orders');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it("gives the signed-in user their own lists on their own page, the public ones on another's", async () => {
    const { requests } = serve(true);
    renderRoutes(
      createRoutes(),
      `/en/customer/${kTestUser.id}/orders`,
      sessionOf('Authenticated', kTestUser),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    await vi.waitFor(() => expect(requests.some((request) => request.path === '/api/orders/my')).toBe(true));
    expect(requests.some((request) => request.path.startsWith('/api/users/'))).toBe(false);
  });
});
