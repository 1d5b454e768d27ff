import { fireEvent, screen } from '@testing-library/react';

import { VerifyEmailReminder } from '@/features/identity/components/verify-email-reminder';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderWithStore, sessionOf } from '@/test/render';

const kUnverified = { ...kTestUser, emailVerified: false };

describe('e-mail verification reminder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
  });

  it('reminds an unverified user and sends the link again', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/user/email/resend' ? { status: 202, body: {} } : undefined,
    );
    renderWithStore(<VerifyEmailReminder />, sessionOf('Authenticated', kUnverified));
    expect(screen.getByTestId('verify-reminder')).toHaveTextContent(
      'Confirm your e-mail anna@example.test: follow the link in the mail we sent you.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new link is on its way');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it("shows the server's rate-limit answer and lets the user try later", async () => {
    mockFetch((request) =>
      request.path === '/api/user/email/resend'
        ? {
            status: 429,
            body: { code: 'TooManyRequests', message: 'Too many attempts. Try again in 60 seconds.' },
          }
        : undefined,
    );
    renderWithStore(<VerifyEmailReminder />, sessionOf('Authenticated', kUnverified));
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 60 seconds.');
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
  });

  it('is dismissed for the session', () => {
    mockFetch(() => undefined);
    const first = renderWithStore(<VerifyEmailReminder />, sessionOf('Authenticated', kUnverified));
    fireEvent.click(screen.getByRole('button', { name: 'Hide the reminder' }));
    expect(screen.queryByTestId('verify-reminder')).toBeNull();
    first.unmount();
    renderWithStore(<VerifyEmailReminder />, sessionOf('Authenticated', kUnverified));
    expect(screen.queryByTestId('verify-reminder')).toBeNull();
  });

  it('is not shown to verified users, guests, or an admin acting as the user', () => {
    mockFetch(() => undefined);
    for (const session of [
      sessionOf('Authenticated', kTestUser),
      sessionOf('Unauthenticated'),
      sessionOf('Authenticated', { ...kUnverified, impersonated: true }),
    ]) {
      const view = renderWithStore(<VerifyEmailReminder />, session);
      expect(screen.queryByTestId('verify-reminder')).toBeNull();
      view.unmount();
    }
  });
});
