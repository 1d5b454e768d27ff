import { fireEvent, screen, waitFor } from '@testing-library/react';

import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

function kind(name: string, locked = false) {
  return {
    kind: name,
    label_key: `notifications:kinds.${name}.label`,
    description_key: `notifications:kinds.${name}.description`,
    locked,
    defaults: { site: 'immediately', email: 'immediately' },
    site: 'immediately',
    email: 'immediately',
  };
}

const kSettings = {
  email_verified: false,
  time_zone: 'Europe/Moscow',
  quiet_hours: null,
  groups: [
    { group: 'orders', label_key: 'notifications:groups.orders', kinds: [kind('bid_received')] },
    // A kind the page has never heard of (a new module's): shown by its name until its texts exist.
    { group: 'account', label_key: 'notifications:groups.account', kinds: [kind('password_changed', true)] },
  ],
};

describe('notification settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('disables the e-mail column without a confirmed address, offers the link, and saves the site only', async () => {
    await i18n.changeLanguage('en');
    const { requests } = mockFetch((request) =>
      request.path === '/api/users/7/notification-settings' ? { status: 200, body: kSettings } : undefined,
    );
    renderRoutes(
      [
        {
          path: '/:lang/settings',
          element: <NotificationSettings userId={7} resendAction={<button type="button">resend</button>} />,
        },
      ],
      '/en/settings',
    );
    expect(await screen.findByText('New bid on your order')).toBeInTheDocument();
    expect(screen.getByTestId('email-unconfirmed')).toHaveTextContent('need a confirmed address');
    expect(screen.getByRole('button', { name: 'resend' })).toBeInTheDocument();
    const email = screen.getByTestId('interval-bid_received-email').querySelector('.p-dropdown');
    expect(email).toHaveClass('p-disabled');
    const site = screen.getByTestId('interval-bid_received-site').querySelector('.p-dropdown');
    expect(site).not.toHaveClass('p-disabled');
    // The locked kind: both channels disabled, with the reason.
    expect(screen.getByText('password_changed')).toBeInTheDocument();
    expect(screen.getByText(/Security notifications always come/)).toBeInTheDocument();
    expect(screen.getByTestId('interval-password_changed-site').querySelector('.p-dropdown')).toHaveClass(
      'p-disabled',
    );

    fireEvent.click(screen.getByTestId('save-notification-settings'));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      time_zone: 'Europe/Moscow',
      quiet_hours: null,
      preferences: [
        { kind: 'bid_received', site: 'immediately' },
        { kind: 'password_changed', site: 'immediately' },
      ],
    });
  });

  it('shows the error block with a retry when the settings cannot be read', async () => {
    await i18n.changeLanguage('en');
    mockFetch(() => ({ status: 500, body: { code: 'Internal', message: 'Something went wrong.' } }));
    renderRoutes(
      [{ path: '/:lang/settings', element: <NotificationSettings userId={7} resendAction={null} /> }],
      '/en/settings',
    );
    expect(await screen.findByTestId('query-error')).toBeInTheDocument();
  });
});
