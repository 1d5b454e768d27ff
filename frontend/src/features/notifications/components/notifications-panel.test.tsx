import { screen } from '@testing-library/react';

import { NotificationRow, type NotificationItemProps } from '@/components/notification-row';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

function FakeItem({ item }: NotificationItemProps) {
  return <NotificationRow item={item} text={`fake ${item.kind}`} to="/en/somewhere" />;
}

describe('notifications panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each kind as its registration says, and an unregistered kind by its settings label', async () => {
    mockFetch((request) =>
      request.path === '/api/notifications'
        ? {
            status: 200,
            body: {
              items: [
                { id: 1, kind: 'made_up', payload: {}, created_at: '2026-11-20T10:00:00Z', read: false },
                { id: 2, kind: 'bid_received', payload: {}, created_at: '2026-11-20T11:00:00Z', read: true },
                {
                  id: 3,
                  kind: 'never_heard_of',
                  payload: {},
                  created_at: '2026-11-20T12:00:00Z',
                  read: true,
                },
              ],
              unread: 1,
            },
          }
        : undefined,
    );
    renderRoutes(
      [
        {
          path: '/:lang/my',
          element: <NotificationsPanel kinds={[{ kinds: ['made_up'], Item: FakeItem }]} />,
        },
      ],
      '/en/my',
    );
    expect(await screen.findByRole('link', { name: 'fake made_up' })).toHaveAttribute(
      'href',
      '/en/somewhere',
    );
    // Not registered here: the settings page's label of the kind, or its name.
    expect(screen.getByText('New bid on your order')).toBeInTheDocument();
    expect(screen.getByText('never_heard_of')).toBeInTheDocument();
    expect(screen.getByText('Unread: 1')).toBeInTheDocument();
  });
});
