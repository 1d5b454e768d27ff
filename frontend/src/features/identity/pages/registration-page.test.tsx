import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';

import RegistrationPage from '@/features/identity/pages/registration-page';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes, sessionOf } from '@/test/render';

const kRoutes = [{ path: '/:lang/registration', element: <RegistrationPage /> }];

function hint(rule: string): HTMLElement {
  const item = document.querySelector<HTMLElement>(`[data-rule="${rule}"]`);
  if (item === null) throw new Error(`no hint ${rule}`);
  return item;
}

function LoginProbe() {
  const state = useLocation().state as { from?: string } | null;
  return <p>login then {state?.from ?? 'main'}</p>;
}

describe('registration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("does not turn the hints green for a password on the server's common list", async () => {
    mockFetch(() => undefined);
    renderRoutes(kRoutes, '/en/registration', sessionOf('Unauthenticated'));
    // "Password1!" passes every character rule, and is on libs/identity/data/common-passwords.txt.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } });
    for (const rule of ['length', 'lower', 'upper', 'digit', 'special']) {
      expect(hint(rule)).toHaveAttribute('data-met', 'true');
    }
    expect(hint('not_common')).toHaveAttribute('data-met', 'false');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Otter#Lantern42' } });
    await waitFor(() => expect(hint('not_common')).toHaveAttribute('data-met', 'true'));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'PASSWORD1!' } });
    expect(hint('not_common')).toHaveAttribute('data-met', 'false');
  });

  it('sends the consent to the terms, and shows the refusal under the box when it is not given', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path !== '/api/user/register') return undefined;
      const body = request.body as { accept_terms?: boolean };
      return body.accept_terms === true
        ? { status: 202, body: { status: 'verification_sent' } }
        : {
            status: 422,
            body: {
              code: 'ValidationFailed',
              message: 'Check the form.',
              errors: { accept_terms: ['To create an account, accept the user agreement.'] },
            },
          };
    });
    renderRoutes(kRoutes, '/en/registration', sessionOf('Unauthenticated'));
    expect(screen.getByRole('link', { name: 'User agreement' })).toHaveAttribute('href', '/en/agreement');
    expect(screen.getByRole('link', { name: 'Personal data processing policy' })).toHaveAttribute(
      'href',
      '/en/agreement/privacy-policy',
    );
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Otter#Lantern42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('To create an account, accept the user agreement.')).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({ accept_terms: false });
    fireEvent.click(
      screen.getByLabelText('I accept the user agreement and consent to the processing of my personal data'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(requests[1]?.body).toMatchObject({ accept_terms: true, name: 'Ann' });
  });

  it('keeps where the guest was going (a landing page) for the login after "check your e-mail"', async () => {
    mockFetch((request) =>
      request.path === '/api/user/register'
        ? { status: 202, body: { status: 'verification_sent' } }
        : undefined,
    );
    const { router } = renderRoutes(
      [...kRoutes, { path: '/:lang/login', element: <LoginProbe /> }],
      '/en/login',
      sessionOf('Unauthenticated'),
    );
    await act(() => router.navigate('/en/registration', { state: { from: '/en/orders/development' } }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Otter#Lantern42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const card = (await screen.findByRole('heading', { name: 'Check your inbox' })).closest('.card');
    fireEvent.click(within(card as HTMLElement).getByRole('link', { name: 'Log in' }));
    expect(await screen.findByText('login then /en/orders/development')).toBeInTheDocument();
  });

  it('goes to "check your e-mail" with a resend that shows its rate limit', async () => {
    let resends = 0;
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/user/register')
        return { status: 202, body: { status: 'verification_sent' } };
      if (request.path === '/api/user/email/resend') {
        resends += 1;
        return resends === 1
          ? { status: 202, body: {} }
          : {
              status: 429,
              body: { code: 'RateLimited', message: 'Too many attempts. Try again in 900 seconds.' },
            };
      }
      return undefined;
    });
    renderRoutes(kRoutes, '/en/registration', sessionOf('Unauthenticated'));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Otter#Lantern42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const heading = await screen.findByRole('heading', { name: 'Check your inbox' });
    const card = heading.closest('.card') as HTMLElement;
    expect(within(card).queryByLabelText('Password')).not.toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText('We have sent a new link to ann@example.test.')).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/user/email/resend')?.body).toEqual({
      email: 'ann@example.test',
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText('Too many attempts. Try again in 900 seconds.')).toBeInTheDocument();
  });
});
