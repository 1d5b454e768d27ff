import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { MessengerLive } from '@/features/messenger/components/messenger-live';
import { kUnreadAlertCookie } from '@/features/messenger/model/unread-alert';
import { realtime } from '@/lib/realtime/realtime';
import { kMessageSoundMutedKey } from '@/lib/sound/message-sound';
import { renderRoutes } from '@/test/render';

function newMsg(id: number, chatId: number, userId = 8) {
  return {
    channel: 'private-user.7',
    event: 'chat.newMsg',
    data: {
      message: {
        id,
        chat_id: chatId,
        user: { id: userId, name: 'Ivan', lastname: 'Orlov', avatar: null },
        details: { short_text: `Hello ${id}`, text: `Hello ${id}` },
        created_at: '2026-01-01T10:00:00Z',
      },
    },
  };
}

function renderLive(url: string, unread = 0) {
  return renderRoutes(
    [
      {
        path: '/:lang/*',
        element: <MessengerLive viewerId={7} unread={unread} />,
      },
    ],
    url,
  );
}

const play = vi.fn(() => Promise.resolve());

beforeEach(() => {
  document.cookie = `${kUnreadAlertCookie}=; Max-Age=0; Path=/`;
  play.mockClear();
  vi.stubGlobal(
    'Audio',
    vi.fn(() => ({ play })),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('new-message toasts', () => {
  it('shows the sender and short text with the sound, at most three, none for the open chat; a click opens the chat', async () => {
    const { router } = renderLive('/en/orders');
    act(() => realtime.emit(newMsg(1, 3)));
    expect(await screen.findByText('Ivan Orlov')).toBeInTheDocument();
    expect(screen.getByText('Hello 1')).toBeInTheDocument();
    expect(play).toHaveBeenCalledTimes(1);
    act(() => {
      for (const id of [2, 3, 4]) realtime.emit(newMsg(id, 3));
    });
    expect(screen.getAllByTestId('message-toast-message')).toHaveLength(3);
    expect(screen.queryByText('Hello 1')).not.toBeInTheDocument();
    // My own message (another tab) makes none.
    act(() => realtime.emit(newMsg(5, 3, 7)));
    expect(screen.queryByText('Hello 5')).not.toBeInTheDocument();

    await userEvent.click(screen.getByText('Hello 4'));
    expect(router.state.location.pathname).toBe('/en/m/chat/3');
    // The chat is open now: its toasts are gone and it gets no new ones.
    expect(screen.queryAllByTestId('message-toast-message')).toHaveLength(0);
    act(() => realtime.emit(newMsg(6, 3)));
    expect(screen.queryByText('Hello 6')).not.toBeInTheDocument();
    act(() => realtime.emit(newMsg(7, 4)));
    expect(screen.getByText('Hello 7')).toBeInTheDocument();
  });

  it('plays no sound when muted in the settings', async () => {
    window.localStorage.setItem(kMessageSoundMutedKey, '1');
    renderLive('/en/orders');
    act(() => realtime.emit(newMsg(1, 3)));
    expect(await screen.findByText('Hello 1')).toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
  });
});

describe('the unread alert (SPEC §4, §9)', () => {
  it('shows 1000 ms after load, once an hour by its cookie', () => {
    vi.useFakeTimers();
    const view = renderLive('/ru/orders', 3);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByTestId('message-toast-alert')).not.toBeInTheDocument();
    expect(document.documentElement.dataset.unreadAlert).toBe('pending');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('message-toast-alert')).toHaveTextContent('You have 3 unread messages');
    expect(document.documentElement.dataset.unreadAlert).toBe('shown');
    expect(document.cookie).toContain(`${kUnreadAlertCookie}=1`);
    view.unmount();
    expect(document.documentElement.dataset.unreadAlert).toBeUndefined();
    renderLive('/ru/orders', 3);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByTestId('message-toast-alert')).not.toBeInTheDocument();
    expect(document.documentElement.dataset.unreadAlert).toBe('skipped');
  });

  it('not on a messenger screen, and not without unread messages', () => {
    vi.useFakeTimers();
    const view = renderLive('/en/m/chat/3', 3);
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByTestId('message-toast-alert')).not.toBeInTheDocument();
    view.unmount();
    renderLive('/en/orders', 0);
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByTestId('message-toast-alert')).not.toBeInTheDocument();
    expect(document.cookie).not.toContain(`${kUnreadAlertCookie}=1`);
  });
});
