import { screen } from '@testing-library/react';

import { SessionsSection } from '@/features/identity/components/settings/sessions-section';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderRoutes, sessionOf } from '@/test/render';

const kLinuxChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const kIphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function session(id: number, userAgent: string | null, current: boolean) {
  return {
    id,
    created_at: '2026-11-20T10:00:00Z',
    last_seen_at: `2026-11-2${id}T10:00:00Z`,
    user_agent: userAgent,
    ip: '192.0.2.1',
    current,
  };
}

describe('sessions list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names browsers and systems instead of raw User-Agent strings', async () => {
    mockFetch((request) =>
      request.path === '/api/user/sessions'
        ? {
            status: 200,
            body: {
              sessions: [
                session(1, kLinuxChrome, true),
                session(2, kIphoneSafari, false),
                session(3, 'python-requests/2.31', false),
                session(4, null, false),
              ],
            },
          }
        : undefined,
    );
    renderRoutes(
      [{ path: '/:lang/settings', element: <SessionsSection /> }],
      '/en/settings',
      sessionOf('Authenticated', kTestUser),
    );
    const chrome = await screen.findByText('Chrome, Linux');
    expect(chrome).toHaveAttribute('title', kLinuxChrome);
    expect(screen.getByText('Safari, iPhone')).toBeInTheDocument();
    expect(screen.getByText('Unknown browser')).toBeInTheDocument();
    expect(screen.getByText('Unknown device')).toBeInTheDocument();
    expect(screen.queryByText(kLinuxChrome)).not.toBeInTheDocument();
  });
});
