import { screen } from '@testing-library/react';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';

import {
  GuestOnly,
  RequireAdmin,
  RequireAuth,
  type ReturnState,
} from '@/features/identity/components/guards';
import { kTestUser, renderRoutes, sessionOf } from '@/test/render';

function Where() {
  const location = useLocation();
  const from = (location.state as ReturnState | null)?.from ?? '';
  return <p data-testid="where">{`${location.pathname}|${from}`}</p>;
}

const routes: RouteObject[] = [
  {
    path: '/:lang',
    element: <Outlet />,
    children: [
      { index: true, element: <Where /> },
      { path: 'login', element: <Where /> },
      {
        path: 'guest',
        element: (
          <GuestOnly>
            <p>guest page</p>
          </GuestOnly>
        ),
      },
      {
        path: 'private',
        element: (
          <RequireAuth>
            <p>private page</p>
          </RequireAuth>
        ),
      },
      {
        path: 'admin/*',
        element: (
          <RequireAdmin>
            <p>admin page</p>
          </RequireAdmin>
        ),
      },
    ],
  },
];

describe('route guards (SPEC §6)', () => {
  it('login-required sends a guest to login, remembering where they were going', () => {
    renderRoutes(routes, '/ru/private?tab=2', sessionOf('Unauthenticated'));
    expect(screen.getByTestId('where')).toHaveTextContent('/ru/login|/ru/private?tab=2');
  });

  it('login-required lets a signed-in user through', () => {
    renderRoutes(routes, '/en/private', sessionOf('Authenticated', kTestUser));
    expect(screen.getByText('private page')).toBeInTheDocument();
  });

  it('waits while the session is pending', () => {
    renderRoutes(routes, '/en/private', sessionOf('pending'));
    expect(screen.queryByText('private page')).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('guest-only sends a signed-in user to main', () => {
    renderRoutes(routes, '/en/guest', sessionOf('Authenticated', kTestUser));
    expect(screen.getByTestId('where')).toHaveTextContent('/en|');
  });

  it('guest-only lets a guest through', () => {
    renderRoutes(routes, '/en/guest', sessionOf('Unauthenticated'));
    expect(screen.getByText('guest page')).toBeInTheDocument();
  });

  it('admin paths send guests and role < 1 to main', () => {
    renderRoutes(routes, '/en/admin/users', sessionOf('Unauthenticated'));
    expect(screen.getByTestId('where')).toHaveTextContent('/en|');
  });

  it('admin paths send an ordinary user to main', () => {
    renderRoutes(routes, '/ru/admin', sessionOf('Authenticated', { ...kTestUser, role: 0 }));
    expect(screen.getByTestId('where')).toHaveTextContent('/ru|');
  });

  it('admin paths let role >= 1 through', () => {
    renderRoutes(routes, '/en/admin', sessionOf('Authenticated', { ...kTestUser, role: 1 }));
    expect(screen.getByText('admin page')).toBeInTheDocument();
  });
});
