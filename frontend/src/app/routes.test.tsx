import { screen } from '@testing-library/react';

import { createRoutes } from '@/app/routes';
import { i18n } from '@/lib/i18n/i18n';
import { kGuestInfo, mockFetch } from '@/test/fetch-mock';
import { freelancerProfile } from '@/test/profiles';
import { kTestUser, kTestUserInfo, renderRoutes, sessionOf } from '@/test/render';

describe('app routes', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows the 404 screen for unknown paths, in English', async () => {
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kGuestInfo } : undefined,
    );
    renderRoutes(createRoutes(), '/en/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the 404 screen in Russian under /ru', async () => {
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kGuestInfo } : undefined,
    );
    renderRoutes(createRoutes(), '/ru/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
  });

  it('shows the 404 screen for a non-digit id', async () => {
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kTestUserInfo } : undefined,
    );
    renderRoutes(createRoutes(), '/en/settings/abc/personal-data', sessionOf('Authenticated', kTestUser));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the header with the user name for a signed-in user', async () => {
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kTestUserInfo } : undefined,
    );
    renderRoutes(createRoutes(), '/en');
    expect(await screen.findByTestId('header-user-name')).toHaveTextContent('Anna Petrova');
  });

  it('sends a signed-in user away from login to main', async () => {
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kTestUserInfo } : undefined,
    );
    const { router } = renderRoutes(createRoutes(), '/en/login');
    await screen.findByTestId('header-user-name');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en'));
  });

  it('sends a guest from create-order to login, remembering where they were going', async () => {
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kGuestInfo } : undefined,
    );
    const { router } = renderRoutes(createRoutes(), '/en/create-order?performer=5');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(router.state.location.state).toEqual({ from: '/en/create-order?performer=5' });
  });

  it('shows the Orders entry in the top menu', async () => {
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kGuestInfo } : undefined,
    );
    renderRoutes(createRoutes(), '/en/no-such-page');
    expect(await screen.findByTestId('nav-orders')).toHaveAttribute('href', '/en/orders');
  });

  it('redirects a bare / to the saved language', async () => {
    window.localStorage.setItem('artel.lang', 'ru');
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kGuestInfo } : undefined,
    );
    const { router } = renderRoutes(createRoutes(), '/');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/ru'));
  });

  it("opens customer/{id} at its orders tab and freelancer/{id} at the portfolio, the freelancer's default", async () => {
    mockFetch((request) => {
      if (request.path === '/api/user/info') return { status: 200, body: kGuestInfo };
      if (request.path === '/api/freelancers/5') return { status: 200, body: freelancerProfile(5) };
      if (request.path === '/api/freelancers/5/portfolio')
        return { status: 200, body: { groups: [], projects: [] } };
      return undefined;
    });
    const customer = renderRoutes(createRoutes(), '/en/customer/5');
    await vi.waitFor(() => expect(customer.router.state.location.pathname).toBe('/en/customer/5/orders'));
    customer.unmount();
    const freelancer = renderRoutes(createRoutes(), '/en/freelancer/5');
    expect(await screen.findByTestId('portfolio-empty')).toHaveTextContent('No projects yet.');
    expect(freelancer.router.state.location.pathname).toBe('/en/freelancer/5');
    freelancer.unmount();
  });

  it('gives every 404 the same title, an order page as much as an unknown path', async () => {
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kGuestInfo } : undefined,
    );
    for (const url of ['/en/no-such-page', '/en/order/abc', '/en/order/123456']) {
      const { unmount } = renderRoutes(createRoutes(), url);
      expect(await screen.findByTestId('not-found')).toBeInTheDocument();
      await vi.waitFor(() => expect(document.title).toBe('404 - Page not found'));
      expect(screen.getAllByText(/404/)).toHaveLength(1);
      unmount();
    }
  });
});
