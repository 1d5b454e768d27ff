import { configureStore, type Middleware } from '@reduxjs/toolkit';

import { baseApi } from '@/lib/api/base-api';
import { unauthenticatedResponse } from '@/lib/api/session-events';
import { i18n } from '@/lib/i18n/i18n';
import { toastStore } from '@/lib/toast/toast-store';
import { mockFetch } from '@/test/fetch-mock';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeGet: build.query<unknown, void>({ query: () => '/api/probe' }),
    probePost: build.mutation<unknown, { value: number }>({
      query: (body) => ({ url: '/api/probe', method: 'POST', body }),
    }),
  }),
});

function makeStore() {
  const seen: string[] = [];
  const recordUnauthenticated: Middleware = () => (next) => (action) => {
    if (unauthenticatedResponse.match(action)) seen.push(action.type);
    return next(action);
  };
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware).concat(recordUnauthenticated),
  });
  return { store, seen };
}

describe('base query wrapper', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    toastStore.clear();
    document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
    await i18n.changeLanguage('en');
  });

  it('sends the marker, the language and the XSRF cookie on unsafe methods only', async () => {
    await i18n.changeLanguage('ru');
    document.cookie = 'XSRF-TOKEN=abc%3D; Path=/';
    const { requests } = mockFetch(() => ({ status: 200, body: {} }));
    const { store } = makeStore();
    await store.dispatch(probeApi.endpoints.probeGet.initiate());
    await store.dispatch(probeApi.endpoints.probePost.initiate({ value: 1 }));
    const [get, post] = requests;
    expect(get?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(get?.headers.get('Accept-Language')).toBe('ru');
    expect(get?.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('abc=');
  });

  it('retries once after 419 XsrfTokenMismatch with the fresh cookie', async () => {
    document.cookie = 'XSRF-TOKEN=stale; Path=/';
    const { requests } = mockFetch((request) => {
      if (request.headers.get('X-XSRF-TOKEN') === 'stale') {
        document.cookie = 'XSRF-TOKEN=fresh; Path=/';
        return { status: 419, body: { code: 'XsrfTokenMismatch', message: 'expired' } };
      }
      return { status: 200, body: { ok: true } };
    });
    const { store } = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probePost.initiate({ value: 2 }));
    expect(result.data).toEqual({ ok: true });
    expect(requests.map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual(['stale', 'fresh']);
    expect(toastStore.getSnapshot()).toHaveLength(0);
  });

  it('does not retry a second 419', async () => {
    const { requests } = mockFetch(() => ({
      status: 419,
      body: { code: 'XsrfTokenMismatch', message: 'expired' },
    }));
    const { store } = makeStore();
    await store.dispatch(probeApi.endpoints.probePost.initiate({ value: 3 }));
    expect(requests).toHaveLength(2);
    expect(toastStore.getSnapshot().map((toast) => toast.summary)).toEqual(['expired']);
  });

  it('reports 401 Unauthenticated to the session without a toast', async () => {
    mockFetch(() => ({ status: 401, body: { code: 'Unauthenticated', message: 'Please sign in.' } }));
    const { store, seen } = makeStore();
    await store.dispatch(probeApi.endpoints.probeGet.initiate());
    expect(seen).toEqual([unauthenticatedResponse.type]);
    expect(toastStore.getSnapshot()).toHaveLength(0);
  });

  it('leaves 422 field errors to the form', async () => {
    mockFetch(() => ({
      status: 422,
      body: { code: 'ValidationFailed', message: 'Fix it', errors: { email: ['Bad e-mail'] } },
    }));
    const { store } = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probePost.initiate({ value: 4 }));
    expect(result.error).toMatchObject({ status: 422 });
    expect(toastStore.getSnapshot()).toHaveLength(0);
  });

  it('shows the localized client error text for a network failure', async () => {
    await i18n.changeLanguage('ru');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { store } = makeStore();
    await store.dispatch(probeApi.endpoints.probeGet.initiate());
    expect(toastStore.getSnapshot().map((toast) => toast.summary)).toEqual(['Ошибка сети']);
  });

  it('shows the server message for other errors', async () => {
    mockFetch(() => ({ status: 429, body: { code: 'RateLimited', message: 'Too many attempts.' } }));
    const { store } = makeStore();
    await store.dispatch(probeApi.endpoints.probeGet.initiate());
    expect(toastStore.getSnapshot().map((toast) => toast.summary)).toEqual(['Too many attempts.']);
  });

  it('leaves a read that finds nothing to the page, but toasts a change that finds nothing', async () => {
    mockFetch(() => ({ status: 404, body: { code: 'NotFound', message: 'Order not found.' } }));
    const { store } = makeStore();
    await store.dispatch(probeApi.endpoints.probeGet.initiate());
    expect(toastStore.getSnapshot()).toHaveLength(0);
    await store.dispatch(probeApi.endpoints.probePost.initiate({ value: 5 }));
    expect(toastStore.getSnapshot().map((toast) => toast.summary)).toEqual(['Order not found.']);
  });

  it('says the service is unavailable for a 503 without the API error shape', async () => {
    await i18n.changeLanguage('ru');
    mockFetch(() => ({ status: 503, body: 'Service Unavailable' }));
    const { store } = makeStore();
    await store.dispatch(probeApi.endpoints.probeGet.initiate());
    expect(toastStore.getSnapshot().map((toast) => toast.summary)).toEqual([
      'Сервис временно недоступен. Повторите попытку чуть позже.',
    ]);
  });
});
