import { screen } from '@testing-library/react';

import VerificationEmailPage from '@/features/identity/pages/verification-email-page';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes, sessionOf } from '@/test/render';

const kRoutes = [{ path: '/:lang/verification-email', element: <VerificationEmailPage /> }];

describe('verification page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "already verified", not "invalid", for a link opened a second time', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/user/email/verify'
        ? {
            status: 200,
            body: { email_verified: true, email: 'anna@example.test', already_verified: true },
          }
        : undefined,
    );
    renderRoutes(kRoutes, '/en/verification-email?token=abc', sessionOf('Unauthenticated'));
    expect(
      await screen.findByText('This e-mail address is already verified. Nothing else to do.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to verify email. Try again.')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/user/email/verify')).toHaveLength(1);
  });

  it('confirms a first verification', async () => {
    mockFetch((request) =>
      request.path === '/api/user/email/verify'
        ? {
            status: 200,
            body: { email_verified: true, email: 'anna@example.test', already_verified: false },
          }
        : undefined,
    );
    renderRoutes(kRoutes, '/en/verification-email?token=abc', sessionOf('Unauthenticated'));
    expect(await screen.findAllByText('Email verified')).not.toHaveLength(0);
  });
});
