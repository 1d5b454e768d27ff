import { fireEvent, screen } from '@testing-library/react';

import { ChangePasswordSection } from '@/features/identity/components/settings/change-password-section';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderRoutes, sessionOf } from '@/test/render';

const kRoutes = [{ path: '/:lang/settings', element: <ChangePasswordSection /> }];

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('change password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the new password twice and sends nothing while they differ', async () => {
    const { requests } = mockFetch(() => undefined);
    renderRoutes(kRoutes, '/en/settings', sessionOf('Authenticated', kTestUser));
    fill('Current password', 'Old#Secret1');
    fill('New password', 'New#Secret22');
    fill('Repeat the new password', 'New#Secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('shows and hides the passwords', () => {
    mockFetch(() => undefined);
    renderRoutes(kRoutes, '/en/settings', sessionOf('Authenticated', kTestUser));
    const fields = ['Current password', 'New password', 'Repeat the new password'];
    for (const label of fields) expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByLabelText('Show passwords'));
    for (const label of fields) expect(screen.getByLabelText(label)).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByLabelText('Show passwords'));
    for (const label of fields) expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
  });

  it("shows the server's refusal of the current password as the new one", async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/user/password/change'
        ? {
            status: 422,
            body: {
              code: 'ValidationFailed',
              message: 'Please correct the highlighted fields.',
              errors: { password: ['The new password must differ from the current one.'] },
            },
          }
        : undefined,
    );
    renderRoutes(kRoutes, '/en/settings', sessionOf('Authenticated', kTestUser));
    fill('Current password', 'Same#Secret1');
    fill('New password', 'Same#Secret1');
    fill('Repeat the new password', 'Same#Secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password must differ from the current one.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      current_password: 'Same#Secret1',
      password: 'Same#Secret1',
    });
  });
});
