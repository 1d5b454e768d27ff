import { act } from '@testing-library/react';

import { RealtimeSession } from '@/app/shell/realtime-session';
import { signedOut, userInfoReceived } from '@/features/identity/model/session-slice';
import { realtime } from '@/lib/realtime/realtime';
import { kTestUserInfo, renderWithStore } from '@/test/render';

describe('the socket follows the session (SPEC §4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens after user info, reopens when impersonation starts or ends, closes on logout', () => {
    const open = vi.spyOn(realtime, 'open').mockResolvedValue(undefined);
    const close = vi.spyOn(realtime, 'close').mockImplementation(() => undefined);
    const { store } = renderWithStore(<RealtimeSession />);
    expect(open).not.toHaveBeenCalled();

    act(() => {
      store.dispatch(userInfoReceived(kTestUserInfo));
    });
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenLastCalledWith(kTestUserInfo.id);

    // The same answer again (a refetch) keeps the socket.
    act(() => {
      store.dispatch(userInfoReceived({ ...kTestUserInfo }));
    });
    expect(open).toHaveBeenCalledTimes(1);

    // An administrator starts acting as user 42, then stops.
    act(() => {
      store.dispatch(userInfoReceived({ ...kTestUserInfo, id: 42, impersonated: true }));
    });
    expect(close).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenLastCalledWith(42);
    act(() => {
      store.dispatch(userInfoReceived({ ...kTestUserInfo }));
    });
    expect(open).toHaveBeenCalledTimes(3);
    expect(open).toHaveBeenLastCalledWith(kTestUserInfo.id);

    act(() => {
      store.dispatch(signedOut());
    });
    expect(close).toHaveBeenCalledTimes(3);
    expect(open).toHaveBeenCalledTimes(3);
  });

  it('turns events into actions: chat.unreadMsg sets the header total', () => {
    vi.spyOn(realtime, 'open').mockResolvedValue(undefined);
    vi.spyOn(realtime, 'close').mockImplementation(() => undefined);
    const { store } = renderWithStore(<RealtimeSession />);
    act(() => {
      store.dispatch(userInfoReceived(kTestUserInfo));
    });
    act(() =>
      realtime.emit({
        channel: 'private-user.7',
        event: 'chat.unreadMsg',
        data: { unread_msg: [{ chat_id: 3, count: 2, last_message_id: 9 }] },
      }),
    );
    expect(store.getState().session.user?.unreadCount).toBe(2);
  });
});
