import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import AdminUserPage from '@/features/admin/pages/user-page';
import AdminUsersPage from '@/features/admin/pages/users-page';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderRoutes, sessionOf } from '@/test/render';

const kAdmin = { ...kTestUser, id: 1, role: 1 };

function adminUser(id: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    name: `User${id}`,
    lastname: 'Demo',
    email: `user${id}@example.test`,
    avatar: null,
    role: 0,
    lang: 'ru',
    email_verified: true,
    created_at: '2026-11-01T10:00:00Z',
    last_seen_at: null,
    blocked: null,
    ...patch,
  };
}

function detail(id: number, patch: Record<string, unknown> = {}) {
  return {
    ...adminUser(id, patch),
    sessions: [
      {
        id: 5,
        created_at: '2026-11-20T10:00:00Z',
        last_seen_at: '2026-11-24T10:00:00Z',
        expires_at: '2026-12-20T10:00:00Z',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
        ip: '10.0.0.1',
        impersonator: null,
      },
    ],
    counts: { orders: 2, bids: 3, vacancies: 0, resumes: 1, articles: 0 },
  };
}

function Impersonate({ userId, disabled }: { userId: number; disabled?: boolean }) {
  return (
    <button type="button" disabled={disabled}>
      act as {userId}
    </button>
  );
}

const kRoutes = [
  { path: '/:lang/admin/users', element: <AdminUsersPage /> },
  { path: '/:lang/admin/users/:id', element: <AdminUserPage Impersonate={Impersonate} /> },
];

describe('admin users', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists users with the filters of the URL, and "show more" asks for the next page by its cursor', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path !== '/api/admin/users') return undefined;
      return request.query.get('cursor') === 'c2'
        ? { status: 200, body: { items: [adminUser(3)], next_cursor: null } }
        : {
            status: 200,
            body: {
              items: [
                adminUser(1),
                adminUser(2, {
                  blocked: {
                    at: '2026-11-02T00:00:00Z',
                    reason: 'spam',
                    by: { id: 1, name: 'A', lastname: 'B', avatar: null },
                  },
                }),
              ],
              next_cursor: 'c2',
            },
          };
    });
    renderRoutes(kRoutes, '/en/admin/users?status=blocked&q=user', sessionOf('Authenticated', kAdmin));
    expect(await screen.findByText('User1 Demo')).toBeInTheDocument();
    const first = requests.find((request) => request.path === '/api/admin/users');
    expect(first?.query.get('status')).toBe('blocked');
    expect(first?.query.get('q')).toBe('user');
    expect(screen.getAllByTestId('user-status')[1]).toHaveTextContent('Blocked');
    expect(screen.getByRole('link', { name: 'User2 Demo' })).toHaveAttribute('href', '/en/admin/users/2');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('User3 Demo')).toBeInTheDocument();
    expect(screen.getAllByTestId('admin-user-row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('blocking asks for a reason before sending, then sends it; the impersonation slot gets the user', async () => {
    let blocked = false;
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/admin/users/4' && request.method === 'GET') {
        return {
          status: 200,
          body: detail(
            4,
            blocked
              ? {
                  blocked: {
                    at: '2026-11-24T10:00:00Z',
                    reason: 'Spam in bids',
                    by: { id: 1, name: 'Ada', lastname: 'Admin', avatar: null },
                  },
                }
              : {},
          ),
        };
      }
      if (request.path === '/api/admin/users/4/block') {
        blocked = true;
        return { status: 200, body: adminUser(4) };
      }
      return undefined;
    });
    renderRoutes(kRoutes, '/en/admin/users/4', sessionOf('Authenticated', kAdmin));
    expect(await screen.findByTestId('admin-user-name')).toHaveTextContent('User4 Demo');
    expect(await screen.findByRole('button', { name: 'act as 4' })).toBeEnabled();
    expect(screen.getByTestId('admin-sessions')).toHaveTextContent('10.0.0.1');
    fireEvent.click(screen.getByTestId('block-open'));
    const form = await screen.findByTestId('block-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Block' }));
    expect(await within(form).findByText('Give a reason: at least 3 characters.')).toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith('/block'))).toBe(false);
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Spam in bids' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(requests.find((request) => request.path.endsWith('/block'))?.body).toEqual({
        reason: 'Spam in bids',
      }),
    );
    expect(await screen.findByTestId('blocked-note')).toHaveTextContent('Spam in bids');
    expect(screen.getByTestId('unblock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'act as 4' })).toBeDisabled();
  });

  it('an administrator cannot be blocked or impersonated from here', async () => {
    mockFetch((request) =>
      request.path === '/api/admin/users/2' ? { status: 200, body: detail(2, { role: 1 }) } : undefined,
    );
    renderRoutes(kRoutes, '/en/admin/users/2', sessionOf('Authenticated', kAdmin));
    expect(await screen.findByRole('button', { name: 'act as 2' })).toBeDisabled();
    expect(screen.getByTestId('block-open')).toBeDisabled();
  });
});
