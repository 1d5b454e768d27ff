import { createStore } from '@/app/store';
import { identityApi } from '@/features/identity/api/identity-api';
import {
  kSessionUserStorageKey,
  reloadStarted,
  selectSession,
  userInfoReceived,
} from '@/features/identity/model/session-slice';
import { unauthenticatedResponse } from '@/lib/api/session-events';
import { realtimeEventReceived } from '@/lib/realtime/events';
import { kGuestInfo, mockFetch } from '@/test/fetch-mock';

const kUserInfo = {
  id: 5,
  name: 'Ivan',
  lastname: 'Ivanov',
  avatar: null,
  role: 0,
  lang: 'ru',
  email: 'ivan@example.test',
  email_verified: true,
  impersonated: false,
  unread_msg: [{ chat_id: 1 }, { chat_id: 2 }],
};

const kUnavailable = { status: 503, body: { code: 'ServiceUnavailable', message: 'Service unavailable.' } };

describe('session state machine (SPEC §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('the unread total sums the unread list, and follows chat.unreadMsg live', () => {
    const store = createStore();
    store.dispatch(
      userInfoReceived({
        ...kUserInfo,
        unread_msg: [
          { chat_id: 1, count: 3, last_message_id: 10 },
          { chat_id: 2, count: 1, last_message_id: 11 },
        ],
      }),
    );
    expect(selectSession(store.getState()).user?.unreadCount).toBe(4);
    const channel = 'private-user.5';
    store.dispatch(
      realtimeEventReceived({
        channel,
        event: 'chat.unreadMsg',
        data: { unread_msg: [{ chat_id: 2, count: 6, last_message_id: 12 }] },
      }),
    );
    expect(selectSession(store.getState()).user?.unreadCount).toBe(6);
    store.dispatch(realtimeEventReceived({ channel, event: 'chat.unreadMsg', data: { unread_msg: [] } }));
    expect(selectSession(store.getState()).user?.unreadCount).toBe(0);
    store.dispatch(realtimeEventReceived({ channel, event: 'chat.newMsg', data: {} }));
    expect(selectSession(store.getState()).user?.unreadCount).toBe(0);
  });

  it('starts pending', () => {
    expect(selectSession(createStore().getState()).status).toBe('pending');
  });

  it('user info without an id means Unauthenticated, with an id Authenticated', () => {
    const store = createStore();
    store.dispatch(userInfoReceived(kGuestInfo));
    expect(selectSession(store.getState())).toEqual({ status: 'Unauthenticated', user: null });
    store.dispatch(userInfoReceived(kUserInfo));
    const session = selectSession(store.getState());
    expect(session.status).toBe('Authenticated');
    expect(session.user).toMatchObject({ id: 5, name: 'Ivan', unreadCount: 2, role: 0 });
  });

  it('goes pending while reloading after impersonation exit', () => {
    const store = createStore();
    store.dispatch(userInfoReceived(kUserInfo));
    store.dispatch(reloadStarted());
    expect(selectSession(store.getState()).status).toBe('pending');
  });

  it('a 401 with code Unauthenticated from any call leads to Unauthenticated', async () => {
    mockFetch((request) => {
      if (request.path === '/api/user/info') return { status: 200, body: kUserInfo };
      if (request.path === '/api/user/profile') {
        return { status: 401, body: { code: 'Unauthenticated', message: 'Please sign in to continue.' } };
      }
      return undefined;
    });
    const store = createStore();
    await store.dispatch(identityApi.endpoints.userInfo.initiate());
    expect(selectSession(store.getState()).status).toBe('Authenticated');
    await store.dispatch(identityApi.endpoints.getProfile.initiate());
    expect(selectSession(store.getState())).toEqual({ status: 'Unauthenticated', user: null });
  });

  it('a 401 with another code does not end the session', () => {
    const store = createStore();
    store.dispatch(userInfoReceived(kUserInfo));
    store.dispatch({ type: 'unrelated/action' });
    expect(selectSession(store.getState()).status).toBe('Authenticated');
    store.dispatch(unauthenticatedResponse());
    expect(selectSession(store.getState()).status).toBe('Unauthenticated');
  });

  it('login leads to Authenticated and logout to Unauthenticated', async () => {
    mockFetch((request) => {
      if (request.path === '/api/user/login') return { status: 200, body: kUserInfo };
      if (request.path === '/api/user/logout') return { status: 200, body: {} };
      return undefined;
    });
    const store = createStore();
    await store.dispatch(
      identityApi.endpoints.login.initiate({ loginRequest: { email: 'ivan@example.test', password: 'x' } }),
    );
    expect(selectSession(store.getState()).status).toBe('Authenticated');
    await store.dispatch(identityApi.endpoints.logout.initiate());
    expect(selectSession(store.getState())).toEqual({ status: 'Unauthenticated', user: null });
  });

  it('a 503 on user info keeps a signed-in session; only a 401 Unauthenticated ends it', async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: kUserInfo };
    mockFetch((request) => (request.path === '/api/user/info' ? answer : undefined));
    const store = createStore();
    await store.dispatch(identityApi.endpoints.userInfo.initiate());
    expect(selectSession(store.getState()).status).toBe('Authenticated');
    answer = kUnavailable;
    await store.dispatch(identityApi.endpoints.userInfo.initiate(undefined, { forceRefetch: true }));
    expect(selectSession(store.getState())).toMatchObject({ status: 'Authenticated', user: { id: 5 } });
    answer = { status: 401, body: { code: 'Unauthenticated', message: 'Please sign in to continue.' } };
    await store.dispatch(identityApi.endpoints.userInfo.initiate(undefined, { forceRefetch: true }));
    expect(selectSession(store.getState())).toEqual({ status: 'Unauthenticated', user: null });
    expect(window.localStorage.getItem(kSessionUserStorageKey)).toBeNull();
  });

  it('at start with the server down, the last signed-in user stands in, then the server confirms', async () => {
    // A first visit that saw the user signed in.
    mockFetch((request) =>
      request.path === '/api/user/info' ? { status: 200, body: kUserInfo } : undefined,
    );
    await createStore().dispatch(identityApi.endpoints.userInfo.initiate());
    expect(window.localStorage.getItem(kSessionUserStorageKey)).toContain('"id":5');

    // Reloaded while the API answers 503: still Ivan, not a guest.
    let down = true;
    const { requests } = mockFetch((request) => {
      if (down) return kUnavailable;
      if (request.path === '/api/user/info') return { status: 200, body: { ...kUserInfo, name: 'Ivan2' } };
      if (request.path === '/api/user/profile') return { status: 200, body: {} };
      return undefined;
    });
    const store = createStore();
    await store.dispatch(identityApi.endpoints.userInfo.initiate());
    expect(selectSession(store.getState())).toMatchObject({
      status: 'Authenticated',
      user: { id: 5, name: 'Ivan' },
    });
    // The server is back: the first answer brings a fresh user info.
    down = false;
    await store.dispatch(identityApi.endpoints.getProfile.initiate());
    await vi.waitFor(() => expect(selectSession(store.getState()).user?.name).toBe('Ivan2'));
    expect(requests.filter((request) => request.path === '/api/user/info')).toHaveLength(2);
  });

  it('at start with the server down and no user remembered, a guest', async () => {
    mockFetch(() => kUnavailable);
    const store = createStore();
    await store.dispatch(identityApi.endpoints.userInfo.initiate());
    expect(selectSession(store.getState())).toEqual({ status: 'Unauthenticated', user: null });
  });
});
