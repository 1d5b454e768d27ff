import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';

import { ImpersonationExitButton } from '@/features/identity/components/impersonation-exit-button';
import { i18n } from '@/lib/i18n/i18n';
import { toastStore } from '@/lib/toast/toast-store';
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
        <ImpersonationExitButton />
        <Outlet />
      </>
    ),
    children: [{ path: '*', element: <Where /> }],
  },
];

const kImpersonated = sessionOf('Authenticated', { ...kTestUser, impersonated: true });

function summaries(): string[] {
  return toastStore.getSnapshot().map((toast) => toast.summary);
}

describe('impersonation exit (SPEC §4, §8)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ru');
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    toastStore.clear();
    await i18n.changeLanguage('en');
  });

  it('on success reloads the session and opens the returned user personal data', async () => {
    mockFetch((request) => {
      if (request.path === '/api/user/logout-impersonate')
        return { status: 200, body: { api_token: 't', user_id: 1 } };
      if (request.path === '/api/user/info') return { status: 200, body: { id: 1, name: 'Admin', role: 1 } };
      return undefined;
    });
    const { store } = renderRoutes(routes, '/ru/orders', kImpersonated);
    fireEvent.click(screen.getByRole('button', { name: 'Выйти из режима чужого' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/ru/settings/1/personal-data'),
    );
    expect(summaries()).toEqual(['Вы вышли из режима чужого']);
    expect(store.getState().session.status).toBe('pending');
  });

  it('without a token shows the failure toast', async () => {
    mockFetch(() => ({ status: 200, body: { user_id: 1 } }));
    renderRoutes(routes, '/ru/orders', kImpersonated);
    fireEvent.click(screen.getByRole('button', { name: 'Выйти из режима чужого' }));
    await waitFor(() => expect(summaries()).toEqual(['Не удалось выйти из режима чужого']));
    expect(screen.getByTestId('where')).toHaveTextContent('/ru/orders');
  });

  it('a failure with a message shows that message', async () => {
    mockFetch(() => ({
      status: 409,
      body: { code: 'Conflict', message: 'Сеанс не является режимом чужого' },
    }));
    renderRoutes(routes, '/ru/orders', kImpersonated);
    fireEvent.click(screen.getByRole('button', { name: 'Выйти из режима чужого' }));
    await waitFor(() => expect(summaries()).toEqual(['Сеанс не является режимом чужого']));
  });
});
