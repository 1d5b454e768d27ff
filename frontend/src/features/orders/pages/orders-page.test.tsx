import { fireEvent, screen, within } from '@testing-library/react';

import OrdersPage from '@/features/orders/pages/orders-page';
import { i18n } from '@/lib/i18n/i18n';
import { kOrder } from '@/features/orders/testing/fixtures';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kRoutes = [
  { path: '/:lang/orders', element: <OrdersPage /> },
  { path: '/:lang/orders/:category', element: <OrdersPage /> },
];

function serve(order = kOrder) {
  return mockFetch((request) => {
    if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
    if (request.path === '/api/orders/counts') {
      return { status: 200, body: { total: 5, categories: [{ category_id: 1, count: 3 }] } };
    }
    if (request.path === '/api/orders') {
      const cursor = request.query.get('cursor');
      return {
        status: 200,
        body:
          cursor === null
            ? { items: [order], next_cursor: 'page2' }
            : { items: [{ ...kOrder, id: 43, name: 'Second page order' }], next_cursor: null },
      };
    }
    return undefined;
  });
}

describe('orders list', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    // Lists remember their pages per address (hooks/use-list-memory): each test starts afresh.
    window.sessionStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('sends the filters of the URL to the API, budget in minor units', async () => {
    const { requests } = serve();
    renderRoutes(
      kRoutes,
      '/en/orders/development?q=logo&deadline=week&budget_min=1000&currency=USD&country=7&city=70&portfolio=true&sort=budget',
    );
    expect(await screen.findByText('Landing page for a coffee shop')).toBeInTheDocument();
    const list = requests.find((request) => request.path === '/api/orders');
    expect(Object.fromEntries(list?.query ?? [])).toEqual({
      category: 'development',
      q: 'logo',
      deadline: 'week',
      budget_min: '100000',
      currency: 'USD',
      country: '7',
      city: '70',
      portfolio: 'true',
      sort: 'budget',
      limit: '20',
    });
    expect(screen.getByRole('checkbox', { name: 'Performers with a portfolio only' })).toBeChecked();
    const counts = requests.find((request) => request.path === '/api/orders/counts');
    expect(counts?.query.get('portfolio')).toBe('true');
    // Catalog names in the interface language, budget in major units.
    expect(screen.getByRole('heading', { level: 1, name: 'Development' })).toBeInTheDocument();
    expect(screen.getByTestId('order-card')).toHaveTextContent('RUB 25,000');
  });

  it('puts a search into the URL, keeps the other filters, and goes back', async () => {
    serve();
    const { router } = renderRoutes(kRoutes, '/en/orders?deadline=urgent');
    await screen.findByText('Landing page for a coffee shop');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), {
      target: { value: 'кофейня' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=%D0%BA%D0%BE%D1%84%D0%B5%D0%B9%D0%BD%D1%8F&deadline=urgent',
      ),
    );
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?deadline=urgent'));
    await vi.waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(''));
  });

  it('offers to reset the filters when nothing matches them', async () => {
    mockFetch((request) => {
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      if (request.path === '/api/orders/counts') return { status: 200, body: { total: 0, categories: [] } };
      if (request.path === '/api/orders') return { status: 200, body: { items: [], next_cursor: null } };
      return undefined;
    });
    const { router } = renderRoutes(kRoutes, '/en/orders?q=zzzz&deadline=urgent');
    const empty = await screen.findByTestId('orders-empty');
    expect(empty).toHaveTextContent('No orders match these filters.');
    fireEvent.click(within(empty).getByRole('button', { name: 'Reset the filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the category counts and loads the next page with the cursor', async () => {
    await i18n.changeLanguage('ru');
    const { requests } = serve();
    renderRoutes(kRoutes, '/ru/orders');
    expect(await screen.findByText('Разработка')).toBeInTheDocument();
    await screen.findByText('Landing page for a coffee shop');
    fireEvent.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Second page order')).toBeInTheDocument();
    expect(requests.some((request) => request.query.get('cursor') === 'page2')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });

  it('shows how many orders the filters find, with Russian plurals', async () => {
    await i18n.changeLanguage('ru');
    serve();
    const all = renderRoutes(kRoutes, '/ru/orders');
    expect(await screen.findByText('Найдено 5 заказов')).toHaveAttribute('data-testid', 'result-count');
    all.unmount();
    renderRoutes(kRoutes, '/ru/orders/development');
    expect(await screen.findByText('Найдено 3 заказа')).toHaveAttribute('data-testid', 'result-count');
  }, 15_000);

  it('says how long ago each order was posted', async () => {
    const twoHoursAgo = new Date(Date.now() - (2 * 60 + 30) * 60_000).toISOString();
    await i18n.changeLanguage('ru');
    serve({ ...kOrder, created_at: twoHoursAgo });
    renderRoutes(kRoutes, '/ru/orders');
    expect(await screen.findByTestId('order-posted')).toHaveTextContent('Опубликован 2 часа назад');
  }, 15_000);

  it('shows an error block with a retry when the API is down, and the list once it is back', async () => {
    let down = true;
    const answer = serve();
    answer.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (down) return json(503, { code: 'ServiceUnavailable', message: 'Service unavailable.' });
      if (path === '/api/catalog') return json(200, kCatalog);
      if (path === '/api/orders/counts') return json(200, { total: 1, categories: [] });
      return json(200, { items: [kOrder], next_cursor: null });
    });
    renderRoutes(kRoutes, '/en/orders');
    expect(await screen.findByTestId('query-error')).toHaveTextContent('Service unavailable.');
    expect(screen.queryByRole('status')).toBeNull();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Landing page for a coffee shop')).toBeInTheDocument();
    expect(screen.queryByTestId('query-error')).toBeNull();
  }, 15_000);
});
