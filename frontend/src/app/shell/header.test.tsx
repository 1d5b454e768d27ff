import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';

import { Header } from '@/app/shell/header';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderRoutes, sessionOf } from '@/test/render';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const routes: RouteObject[] = [
  {
    path: '/:lang',
    element: (
      <>
        <Header />
        <Outlet />
      </>
    ),
    children: [{ path: '*', element: <Where /> }],
  },
];

const notification = (id: number, read: boolean) => ({
  id,
  kind: 'bid_received',
  payload: { order_id: 5, order_name: `Logo ${id}`, user_name: 'Ivan Petrov' },
  created_at: '2026-11-20T10:00:00Z',
  read,
});

describe('header: the phone menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  // The first test loads the lazy menu chunk: a busy machine needs more than the default 5 s.
  it(
    'opens a labelled menu with sign-in and sign-up; Escape closes it and gives the focus back',
    { timeout: 30_000 },
    async () => {
      mockFetch(() => undefined);
      renderRoutes(routes, '/en/orders', sessionOf('Unauthenticated'));
      const button = screen.getByRole('button', { name: 'Menu' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      fireEvent.click(button);
      const menu = await screen.findByRole('dialog', { name: 'Menu' });
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const inMenu = (name: string) =>
        Array.from(menu.querySelectorAll('a')).find((link) => link.textContent === name);
      expect(inMenu('Log in')).toHaveAttribute('href', '/en/login');
      expect(inMenu('Sign up')).toHaveAttribute('href', '/en/registration');
      expect(inMenu('Orders')).toHaveAttribute('href', '/en/orders');
      expect(menu.querySelector('[aria-label="Interface language"]')).not.toBeNull();

      // The focus moves into the menu (its close button) once it has opened.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Close the menu' })).toHaveFocus());
      fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
      expect(button).toHaveFocus();
      expect(button).toHaveAttribute('aria-expanded', 'false');
    },
  );

  it("shows the signed-in user's entries as links, and a link closes the menu", async () => {
    mockFetch((request) =>
      request.path === '/api/notifications' ? { status: 200, body: { items: [], unread: 0 } } : undefined,
    );
    renderRoutes(routes, '/en/orders', sessionOf('Authenticated', kTestUser));
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const personal = Array.from(menu.querySelectorAll('a')).find(
      (link) => link.textContent === 'Personal data',
    );
    expect(personal).toHaveAttribute('href', '/en/settings/7/personal-data');
    expect(menu).toHaveTextContent('Anna Petrova');
    expect(menu).toHaveTextContent('Log out');
    fireEvent.click(personal!);
    expect(await screen.findByTestId('where')).toHaveTextContent('/en/settings/7/personal-data');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });
});

describe('header: the notifications bell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not there for guests', () => {
    mockFetch(() => undefined);
    renderRoutes(routes, '/en/orders', sessionOf('Unauthenticated'));
    expect(screen.queryByTestId('notifications-bell')).toBeNull();
  });

  it(
    'shows the unread count, opens the notifications, and marking them read clears the count',
    { timeout: 30_000 },
    async () => {
      let read = false;
      const { requests } = mockFetch((request) => {
        if (request.path === '/api/notifications')
          return {
            status: 200,
            body: {
              items: [notification(1, read), notification(2, read), notification(3, true)],
              unread: read ? 0 : 2,
            },
          };
        if (request.path === '/api/notifications/read' && request.method === 'POST') {
          read = true;
          return { status: 204 };
        }
        return undefined;
      });
      renderRoutes(routes, '/en/orders', sessionOf('Authenticated', kTestUser));
      const bell = await screen.findByRole('link', { name: 'Notifications, unread: 2' });
      expect(bell).toHaveAttribute('href', '/en/notifications');
      expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2');

      // A desktop (jsdom matches no media query): the popover, not the page.
      fireEvent.click(bell);
      // jsdom cannot measure it, so PrimeReact leaves the popover display: none.
      const popover = await waitFor(() => {
        const element = document.querySelector('.notifications-popover');
        expect(element).not.toBeNull();
        return element!;
      });
      expect(popover).toHaveAttribute('role', 'dialog');
      expect(popover).toHaveAttribute('aria-label', 'Notifications');
      expect(popover).toHaveTextContent('Logo 1');
      expect(screen.queryByTestId('where')).toHaveTextContent('/en/orders');
      fireEvent.click(popover.querySelector('button[aria-label="Mark all read"]')!);
      await waitFor(() => expect(screen.queryByTestId('notifications-unread')).toBeNull());
      expect(screen.getByRole('link', { name: 'Notifications' })).toBe(bell);
      expect(requests.filter((request) => request.path === '/api/notifications/read')).toHaveLength(1);
    },
  );
});

describe('header: the admin panel link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it(
    'the avatar menu and the phone menu link the admin panel for role ≥ 1 only',
    { timeout: 30_000 },
    async () => {
      mockFetch(() => undefined);
      const admin = renderRoutes(routes, '/en/orders', sessionOf('Authenticated', { ...kTestUser, role: 1 }));
      fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
      await screen.findByText('Log out');
      const popup = () => document.querySelector('#user-menu-popup');
      expect(popup()?.querySelector('a[href="/en/admin"]')).toHaveTextContent('Admin panel');
      fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
      const menu = await screen.findByRole('dialog', { name: 'Menu' });
      expect(Array.from(menu.querySelectorAll('a')).some((link) => link.textContent === 'Admin panel')).toBe(
        true,
      );
      admin.unmount();

      renderRoutes(routes, '/en/orders', sessionOf('Authenticated', kTestUser));
      fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
      await screen.findByText('Log out');
      expect(popup()?.textContent).toContain('Change password');
      expect(popup()?.querySelector('a[href="/en/admin"]')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
      const phone = await screen.findByRole('dialog', { name: 'Menu' });
      expect(Array.from(phone.querySelectorAll('a')).some((link) => link.textContent === 'Admin panel')).toBe(
        false,
      );
    },
  );
});
