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
    renderRoutes(routes, '/en/settings/7/personal-data?x=1', sessionOf('Authenticated', kTestUser));
    await userEvent.click(screen.getByRole('button', { name: 'Русский' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/ru/settings/7/personal-data?x=1');
    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0];
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
    expect(requests).toHaveLength(0);
  });
});
