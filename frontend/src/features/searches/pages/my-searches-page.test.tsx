import { fireEvent, screen, waitFor } from '@testing-library/react';

import { SaveSearchButton } from '@/features/searches/components/save-search-button';
import MySearchesPage from '@/features/searches/pages/my-searches-page';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kList = {
  items: [
    {
      id: 4,
      name: 'Сайты',
      scope: 'orders',
      filter: { category: 'development', q: 'сайт' },
      interval: 'daily',
      new_matches: 3,
      created_at: '2026-11-20T10:00:00Z',
      seen_at: '2026-11-20T10:00:00Z',
    },
    {
      id: 5,
      name: 'Дизайн',
      scope: 'orders',
      filter: {},
      interval: 'never',
      new_matches: 0,
      created_at: '2026-11-19T10:00:00Z',
      seen_at: '2026-11-19T10:00:00Z',
    },
  ],
  max: 20,
};

describe('my searches page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows each search with its new matches in Russian plurals, and opening one marks it seen', async () => {
    await i18n.changeLanguage('ru');
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/saved-searches') return { status: 200, body: kList };
      if (request.path === '/api/saved-searches/4/seen') {
        return { status: 200, body: { ...kList.items[0], new_matches: 0 } };
      }
      return undefined;
    });
    renderRoutes(
      [
        { path: '/:lang/searches', element: <MySearchesPage /> },
        { path: '/:lang/orders/:category', element: <p>orders list</p> },
      ],
      '/ru/searches',
    );
    expect(await screen.findByText('3 новых')).toBeInTheDocument();
    expect(screen.getByText('Нового нет')).toBeInTheDocument();
    expect(screen.getByText('Поисков: 2 из 20')).toBeInTheDocument();
    expect(screen.getByText('Уведомления: Никогда (только счётчик)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Сайты' })).toHaveAttribute(
      'href',
      '/ru/orders/development?q=%D1%81%D0%B0%D0%B9%D1%82',
    );
    fireEvent.click(screen.getAllByTestId('saved-search-open')[0]!);
    expect(await screen.findByText('orders list')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/saved-searches/4/seen')).toBe(true);
  });

  it('shows an error with a retry, then the empty state', async () => {
    let fail = true;
    mockFetch((request) => {
      if (request.path !== '/api/saved-searches') return undefined;
      if (fail) return { status: 500, body: { code: 'Internal', message: 'Something went wrong.' } };
      return { status: 200, body: { items: [], max: 20 } };
    });
    renderRoutes([{ path: '/:lang/searches', element: <MySearchesPage /> }], '/en/searches');
    const retry = await screen.findByTestId('query-retry');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('searches-empty')).toHaveTextContent(/No saved searches yet/);
  });
});

describe('save search button', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the filters with the suggested name and shows the server refusal under the name', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path !== '/api/saved-searches' || request.method !== 'POST') return undefined;
      return {
        status: 422,
        body: {
          code: 'ValidationFailed',
          message: 'Check the fields.',
          errors: { name: ['You can keep at most 20 saved searches. Delete one to save another.'] },
        },
      };
    });
    renderRoutes(
      [
        {
          path: '/:lang/orders',
          element: <SaveSearchButton scope="orders" filter={{ q: 'logo' }} suggestedName="logo" />,
        },
      ],
      '/en/orders',
    );
    fireEvent.click(await screen.findByTestId('save-search'));
    expect(await screen.findByTestId('search-name')).toHaveValue('logo');
    fireEvent.click(screen.getByTestId('search-dialog-submit'));
    expect(await screen.findByText(/at most 20 saved searches/)).toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const sent = requests.find((request) => request.method === 'POST')!.body;
    expect(sent).toEqual({ name: 'logo', interval: 'daily', scope: 'orders', filter: { q: 'logo' } });
  });
});
