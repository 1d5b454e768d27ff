import { httpBackend } from '@/lib/i18n/i18n';

function read(language: string, namespace: string): Promise<[unknown, unknown]> {
  return new Promise((resolve) => {
    httpBackend.read(language, namespace, (error, data) => resolve([error, data]));
  });
}

describe('language file loading', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads /locales/{lng}/{ns}.json on demand', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ title: 'Вход' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await read('ru', 'account')).toEqual([null, { title: 'Вход' }]);
    expect(fetchMock).toHaveBeenCalledWith('/locales/ru/account.json', { credentials: 'same-origin' });
  });

  it('logs a failed load and continues with no texts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('missing', { status: 404 })),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await read('en', 'landing')).toEqual([null, {}]);
    expect(logged).toHaveBeenCalledWith(
      '[artel] language file failed to load',
      expect.objectContaining({ language: 'en', namespace: 'landing' }),
    );
  });
});
