import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { WelcomeGate } from '@/app/shell/welcome-gate';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderWithStore, sessionOf } from '@/test/render';

function renderGate(user: typeof kTestUser) {
  mockFetch((request) => (request.path === '/api/catalog' ? { status: 200, body: kCatalog } : undefined));
  return renderWithStore(
    <MemoryRouter initialEntries={['/en']}>
      <WelcomeGate />
    </MemoryRouter>,
    sessionOf('Authenticated', user),
  );
}

describe('welcome gate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a new user what brings them here', async () => {
    renderGate({ ...kTestUser, intent: null, welcomeDue: true });
    expect(await screen.findByText('Welcome to Artel!')).toBeInTheDocument();
  });

  it('does not ask a user who has answered or said "Later" this week, an admin, or an admin acting as a user', async () => {
    // Loaded ahead, so the lazy dialog would show at once if the gate let it.
    await import('@/features/profiles/components/welcome-dialog');
    for (const user of [
      { ...kTestUser, intent: 'performer' as const },
      { ...kTestUser, intent: null, welcomeDue: false },
      { ...kTestUser, intent: null, welcomeDue: true, role: 1 },
      { ...kTestUser, intent: null, welcomeDue: true, impersonated: true },
    ]) {
      const { unmount } = renderGate(user);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByText('Welcome to Artel!')).toBeNull();
      unmount();
    }
  });
});
