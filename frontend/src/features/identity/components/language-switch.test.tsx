import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';

import { LanguageSwitch } from '@/features/identity/components/language-switch';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderRoutes, sessionOf } from '@/test/render';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const routes: RouteObject[] = [
  {
    path: '/:lang',
    element: (
      <>
        <LanguageSwitch />
        <Outlet />
      </>
    ),
    children: [{ path: '*', element: <Where /> }],
  },
];

describe('LanguageSwitch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('swaps the URL prefix and saves the language on the server when signed in', async () => {
    document.cookie = 'XSRF-TOKEN=tok%2Ben; Path=/';
    const { requests } = mockFetch((request) =>
      request.path === '/api/user/set-lang' ? { status: 200, body: {} } : undefined,
    );
    const saves = () => requests.filter((request) => request.path === '/api/user/set-lang');
    renderRoutes(routes, '/en/settings/7/personal-data?x=1', sessionOf('Authenticated', kTestUser));
    await userEvent.click(screen.getByRole('button', { name: 'Русский' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/ru/settings/7/personal-data?x=1');
    await waitFor(() => expect(saves()).toHaveLength(1));
    const request = saves()[0];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/user/set-lang');
    expect(request?.body).toEqual({ lang: 'RU' });
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBe('tok+en');
  });

  it('only swaps the URL for a guest', async () => {
    const { requests } = mockFetch(() => undefined);
    renderRoutes(routes, '/ru/login', sessionOf('Unauthenticated'));
    expect(screen.getByRole('button', { name: 'Русский' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/en/login');
    expect(requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('offers the languages the server allows (SPEC §1), and no switch when only one is left', async () => {
    mockFetch((request) =>
      request.path === '/api/user/allowed-languages' ? { status: 200, body: { ru: 'Русский' } } : undefined,
    );
    renderRoutes(routes, '/ru/login', sessionOf('Unauthenticated'));
    // Both until the server answers, then only what it allows.
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('group')).not.toBeInTheDocument());

    vi.unstubAllGlobals();
    mockFetch((request) =>
      request.path === '/api/user/allowed-languages'
        ? { status: 200, body: { en: 'English', ru: 'Русский', kk: 'Қазақша' } }
        : undefined,
    );
    renderRoutes(routes, '/en/login', sessionOf('Unauthenticated'));
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(2));
  });
});
