import { fireEvent, screen } from '@testing-library/react';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';

import { UserMenu } from '@/features/identity/components/user-menu';
import type { MenuEntry } from '@/lib/routing/feature-route';
import { kTestUser, renderRoutes, sessionOf } from '@/test/render';

const kEntries: MenuEntry[] = [
  {
    section: 'customer',
    id: 'my-orders',
    label: (t) => t('user_menu.my_orders'),
    to: (lang, userId) => `/${lang}/customer/${userId}/orders`,
  },
  {
    section: 'settings',
    id: 'personal-data',
    label: (t) => t('user_menu.personal_data'),
    to: (lang, userId) => `/${lang}/settings/${userId}/personal-data`,
  },
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const routes: RouteObject[] = [
  {
    path: '/:lang',
    element: (
      <>
        <UserMenu user={kTestUser} entries={kEntries} />
        <Outlet />
      </>
    ),
    children: [{ path: '*', element: <Where /> }],
  },
];

// jsdom cannot measure the popup, so PrimeReact leaves it display: none: the queries include hidden nodes.
describe('user menu', () => {
  it('lists real links (they open in a new tab) that a click follows inside the app', async () => {
    const { router } = renderRoutes(routes, '/en/x', sessionOf('Authenticated', kTestUser));
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const item = await screen.findByRole('menuitem', { name: 'Personal data', hidden: true });
    const link = item.querySelector('a');
    expect(link).toHaveAttribute('href', '/en/settings/7/personal-data');
    expect(screen.getByRole('menuitem', { name: 'Orders', hidden: true }).querySelector('a')).toHaveAttribute(
      'href',
      '/en/customer/7/orders',
    );

    const historyBefore = router.state.historyAction;
    expect(historyBefore).toBe('POP');
    fireEvent.click(link!);
    expect(await screen.findByTestId('where')).toHaveTextContent('/en/settings/7/personal-data');
    // One navigation, not one per click handler.
    expect(router.state.historyAction).toBe('PUSH');
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const back = await screen.findByRole('menuitem', { name: 'Orders', hidden: true });
    fireEvent.click(back.querySelector('a')!);
    expect(await screen.findByTestId('where')).toHaveTextContent('/en/customer/7/orders');
    await router.navigate(-1);
    expect(screen.getByTestId('where')).toHaveTextContent('/en/settings/7/personal-data');
  });

  it('leaves a Ctrl+click to the browser (a new tab)', async () => {
    renderRoutes(routes, '/en/x', sessionOf('Authenticated', kTestUser));
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const link = (await screen.findByRole('menuitem', { name: 'Personal data', hidden: true })).querySelector(
      'a',
    )!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent('/en/x');
  });
});
