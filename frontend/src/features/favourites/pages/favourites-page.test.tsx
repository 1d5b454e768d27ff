import { fireEvent, screen, waitFor } from '@testing-library/react';

import { BookmarkToggle } from '@/features/favourites/components/bookmark-toggle';
import FavouritesPage from '@/features/favourites/pages/favourites-page';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kPage = {
  items: [
    {
      kind: 'order',
      id: 5,
      added_at: '2026-11-20T10:00:00Z',
      available: true,
      title: 'Логотип для пекарни',
      subtitle: 'closed',
      closed: true,
    },
    {
      kind: 'order',
      id: 6,
      added_at: '2026-11-19T10:00:00Z',
      available: false,
      title: null,
      subtitle: null,
      closed: false,
    },
    {
      kind: 'order',
      id: 7,
      added_at: '2026-11-18T10:00:00Z',
      available: true,
      title: 'Лендинг для кофейни',
      subtitle: 'search',
      closed: false,
    },
  ],
  page: 1,
  pages: 1,
  total: 3,
  counts: { order: 3, freelancer: 0, vacancy: 2, resume: 0, company: 1 },
};

describe('favourites page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('lists a kind with the counts, marks a closed item and shows an unavailable one without a title', async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) =>
      request.path === '/api/favourites' && request.query.get('kind') === 'order'
        ? { status: 200, body: kPage }
        : undefined,
    );
    renderRoutes([{ path: '/:lang/favourites', element: <FavouritesPage /> }], '/ru/favourites');
    expect(await screen.findByText('3 объекта')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Логотип для пекарни' })).toHaveAttribute('href', '/ru/order/5');
    expect(screen.getByText('Закрыто')).toBeInTheDocument();
    expect(screen.getByText('Больше недоступно')).toBeInTheDocument();
    // Only the two available items link anywhere.
    expect(screen.getAllByTestId('favourite-row')[1]!.querySelector('a')).toBeNull();
    expect(screen.getByTestId('favourites-tab-vacancy')).toHaveTextContent('Вакансии2');
    expect(screen.getByTestId('favourites-tab-order')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows an error with a retry that loads the list again', async () => {
    let fail = true;
    mockFetch((request) => {
      if (request.path !== '/api/favourites') return undefined;
      if (fail) return { status: 500, body: { code: 'Internal', message: 'Something went wrong.' } };
      return { status: 200, body: { ...kPage, items: [], total: 0, counts: { ...kPage.counts, order: 0 } } };
    });
    renderRoutes([{ path: '/:lang/favourites', element: <FavouritesPage /> }], '/en/favourites');
    const retry = await screen.findByTestId('query-retry');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText(/Nothing here yet/)).toBeInTheDocument();
  });
});

describe('bookmark toggle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes back to "Add" when the server refuses the bookmark', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path !== '/api/favourites/order/5') return undefined;
      if (request.method === 'GET') return { status: 200, body: { bookmarked: false } };
      return { status: 409, body: { code: 'Conflict', message: 'You can keep at most 500 favourites.' } };
    });
    renderRoutes(
      [{ path: '/:lang/order/5', element: <BookmarkToggle kind="order" id={5} /> }],
      '/en/order/5',
    );
    const add = await screen.findByRole('button', { name: 'Add to favourites' });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to favourites' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBeEnabled();
  });

  it('stars at once and stays starred when the server agrees', async () => {
    mockFetch((request) => {
      if (request.path !== '/api/favourites/order/5') return undefined;
      return { status: 200, body: { bookmarked: request.method !== 'GET' } };
    });
    renderRoutes(
      [{ path: '/:lang/order/5', element: <BookmarkToggle kind="order" id={5} /> }],
      '/en/order/5',
    );
    const add = await screen.findByRole('button', { name: 'Add to favourites' });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    expect(await screen.findByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
