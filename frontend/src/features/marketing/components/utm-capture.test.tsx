import { waitFor } from '@testing-library/react';

import { UtmCapture } from '@/features/marketing/components/utm-capture';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

describe('UtmCapture', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports the address the visit began on once, although it loaded after the visitor moved on', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/utm-data' ? { status: 201, body: {} } : undefined,
    );
    const entry = 'http://localhost:3000/ru/orders?utm_source=vk&utm_campaign=autumn';
    renderRoutes([{ path: '/:lang/*', element: <UtmCapture entryUrl={entry} /> }], '/ru/order/5');
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/utm-data')).toHaveLength(1));
    const [sent] = requests.filter((r) => r.path === '/api/utm-data');
    expect(sent?.body).toMatchObject({ utm_source: 'vk', utm_campaign: 'autumn', visited_url: entry });
  });

  it('reports nothing for an address without UTM parameters', async () => {
    const { requests } = mockFetch(() => undefined);
    renderRoutes([{ path: '/:lang/*', element: <UtmCapture entryUrl="http://localhost:3000/en" /> }], '/en');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((r) => r.path === '/api/utm-data')).toHaveLength(0);
  });
});
