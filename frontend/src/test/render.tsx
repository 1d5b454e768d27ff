import { render } from '@testing-library/react';
import { PrimeReactProvider } from 'primereact/api';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';

import { createStore, type RootState } from '@/app/store';
import type { SessionState, SessionUser } from '@/features/identity/model/session-slice';

export const kTestUser: SessionUser = {
  id: 7,
  name: 'Anna',
  lastname: 'Petrova',
  avatar: null,
  role: 0,
  lang: 'en',
  email: 'anna@example.test',
  emailVerified: true,
  impersonated: false,
  unreadCount: 0,
  intent: 'customer',
  jobCountryId: null,
  welcomeDue: false,
};

// GET /api/user/info of kTestUser.
export const kTestUserInfo = {
  id: kTestUser.id,
  name: kTestUser.name,
  lastname: kTestUser.lastname,
  avatar: null,
  role: 0,
  lang: 'en',
  email: kTestUser.email,
  email_verified: true,
  impersonated: false,
  unread_msg: [],
};

export function sessionOf(
  status: SessionState['status'],
  user: SessionUser | null = null,
): Partial<RootState> {
  return { session: { status, user } };
}

export function renderRoutes(routes: RouteObject[], url: string, preloaded?: Partial<RootState>) {
  const store = createStore(preloaded);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <Provider store={store}>
      <PrimeReactProvider value={{ ripple: false }}>
        <RouterProvider router={router} />
      </PrimeReactProvider>
    </Provider>,
  );
  return { ...view, store, router };
}

export function renderWithStore(element: ReactElement, preloaded?: Partial<RootState>) {
  const store = createStore(preloaded);
  return { ...render(<Provider store={store}>{element}</Provider>), store };
}
