import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { WriteMessageButton } from '@/features/messenger/components/write-message-button';
import { chat } from '@/features/messenger/testing/fixtures';
import { ViewerContext } from '@/lib/session/viewer';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

function renderButton(viewerId: number | null, orderId?: number) {
  return renderRoutes(
    [
      {
        path: '/:lang/*',
        element: (
          <ViewerContext.Provider
            value={{ status: viewerId === null ? 'Unauthenticated' : 'Authenticated', id: viewerId }}
          >
            <WriteMessageButton userId={8} orderId={orderId} />
          </ViewerContext.Provider>
        ),
      },
    ],
    '/en/order/5',
  );
}

describe('Write a message', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the pair’s chat about the order', async () => {
    const { requests } = mockFetch((request) =>
      request.method === 'POST' && request.path === '/api/chats'
        ? { status: 201, body: chat(12) }
        : undefined,
    );
    const { router } = renderButton(7, 5);
    await userEvent.click(screen.getByRole('button', { name: 'Write a message' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en/m/chat/12'));
    expect(requests.find((request) => request.path === '/api/chats')?.body).toEqual({
      user_id: 8,
      context: { type: 'order', id: 5 },
    });
  });

  it('asks a guest to log in, and is not offered on one’s own page', () => {
    const guest = renderButton(null);
    expect(screen.getByRole('link', { name: 'Write a message' })).toHaveAttribute('href', '/en/login');
    guest.unmount();
    renderButton(8);
    expect(screen.queryByText('Write a message')).not.toBeInTheDocument();
  });
});
