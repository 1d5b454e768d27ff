import { fireEvent, screen, waitFor } from '@testing-library/react';

import SupportPage from '@/features/help/pages/support-page';
import { i18n } from '@/lib/i18n/i18n';
import { ViewerContext } from '@/lib/session/viewer';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

vi.mock('@/lib/api/upload', () => ({
  uploadRaw: vi.fn(() =>
    Promise.resolve({
      ok: true,
      data: { id: 9, name: 'screen.png', size: 3, upload_token: 'guest-token-9' },
    }),
  ),
}));

const kFaq = { categories: [] };

function fill(email: string | null) {
  if (email !== null) fireEvent.change(screen.getByLabelText(/e-mail/i), { target: { value: email } });
  fireEvent.change(document.getElementById('support-subject')!, { target: { value: 'Не могу войти' } });
  fireEvent.change(document.getElementById('support-message')!, {
    target: { value: 'Пароль не подходит, хотя я его не менял.' },
  });
  fireEvent.click(screen.getByTestId('support-send'));
}

describe('help/support', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it("a guest's ticket carries the e-mail, and SPEC's success text shows in ru", async () => {
    await i18n.changeLanguage('ru');
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/help/faq') return { status: 200, body: kFaq };
      if (request.path === '/api/help/tickets' && request.method === 'POST')
        return { status: 201, body: { id: 5 } };
      return undefined;
    });
    renderRoutes([{ path: '/:lang/help/support', element: <SupportPage /> }], '/ru/help/support');
    fill('guest@example.test');
    expect(await screen.findByText('Сообщение отправлено. Ожидайте ответа.')).toBeInTheDocument();
    const sent = requests.find((request) => request.path === '/api/help/tickets');
    expect(sent?.body).toEqual({
      topic: 'account',
      subject: 'Не могу войти',
      message: 'Пароль не подходит, хотя я его не менял.',
      email: 'guest@example.test',
      attachment_ids: [],
      upload_tokens: [],
    });
  });

  it("a guest's ticket presents the token each upload answered with", async () => {
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/help/faq') return { status: 200, body: kFaq };
      if (request.path === '/api/help/tickets' && request.method === 'POST')
        return { status: 201, body: { id: 8 } };
      return undefined;
    });
    renderRoutes([{ path: '/:lang/help/support', element: <SupportPage /> }], '/en/help/support');
    fireEvent.change(screen.getByTestId('support-files'), {
      target: { files: [new File(['png'], 'screen.png', { type: 'image/png' })] },
    });
    expect(await screen.findByTestId('support-file')).toHaveTextContent('screen.png');
    fill('guest@example.test');
    expect(await screen.findByText('Message sent. Expect a response.')).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/help/tickets')?.body).toMatchObject({
      attachment_ids: [9],
      upload_tokens: ['guest-token-9'],
    });
  });

  it('a guest without an e-mail is stopped before sending', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/help/faq' ? { status: 200, body: kFaq } : undefined,
    );
    renderRoutes([{ path: '/:lang/help/support', element: <SupportPage /> }], '/en/help/support');
    fill(null);
    expect(await screen.findByText('Fill in this field.')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/help/tickets')).toBe(false);
  });

  it('a signed-in user sees no e-mail field and sends none', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/help/faq') return { status: 200, body: kFaq };
      if (request.path === '/api/help/tickets') return { status: 201, body: { id: 6 } };
      return undefined;
    });
    renderRoutes(
      [
        {
          path: '/:lang/help/support',
          element: (
            <ViewerContext.Provider value={{ status: 'Authenticated', id: 7 }}>
              <SupportPage />
            </ViewerContext.Provider>
          ),
        },
      ],
      '/en/help/support',
    );
    expect(screen.queryByLabelText(/e-mail/i)).toBeNull();
    fill(null);
    expect(await screen.findByText('Message sent. Expect a response.')).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/help/tickets')?.body).toMatchObject({
      email: null,
    });
  });

  it('429 says to wait, and a server failure shows SPEC failure text in ru', async () => {
    await i18n.changeLanguage('ru');
    let status = 429;
    mockFetch((request) => {
      if (request.path === '/api/help/faq') return { status: 200, body: kFaq };
      if (request.path === '/api/help/tickets')
        return { status, body: { code: status === 429 ? 'TooManyRequests' : 'Internal', message: 'x' } };
      return undefined;
    });
    renderRoutes([{ path: '/:lang/help/support', element: <SupportPage /> }], '/ru/help/support');
    fill('guest@example.test');
    expect(await screen.findByTestId('support-rate-limited')).toHaveTextContent(
      'Слишком много сообщений. Подождите немного и попробуйте снова.',
    );
    status = 500;
    fireEvent.click(screen.getByTestId('support-send'));
    await waitFor(() =>
      expect(screen.getByTestId('support-failed')).toHaveTextContent(
        'Что-то пошло не так, попробуйте ещё раз.',
      ),
    );
  });
});
