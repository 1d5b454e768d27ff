import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';

import LandingPageView from '@/features/marketing/pages/landing-page-view';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderRoutes } from '@/test/render';
import { ViewerContext, type Viewer } from '@/lib/session/viewer';

function page(kind: 'create_order' | 'find_job', lang = 'en') {
  return {
    id: 1,
    kind,
    code: 'logo',
    lang,
    title: 'A logo in three days',
    text_html: '<p>Post an order: <strong>designers</strong> answer within an hour.</p>',
    image: { url: '/files/lp.jpg', thumbnail_url: '/files/lp-t.jpg' },
    category_id: 1,
    cta: 'Post an order',
    published: true,
  };
}

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return <p data-testid="where">{`${location.pathname}${location.search} ${from ?? ''}`.trim()}</p>;
}

function routes(kind: 'create_order' | 'find_job', viewer: Viewer) {
  const path = kind === 'create_order' ? '/:lang/lp/create-order/:code' : '/:lang/lp/find-job/:code';
  return [
    {
      path,
      element: (
        <ViewerContext.Provider value={viewer}>
          <LandingPageView kind={kind} />
        </ViewerContext.Provider>
      ),
    },
    { path: '*', element: <Where /> },
  ];
}

function serve(kind: 'create_order' | 'find_job', lang = 'en') {
  return mockFetch((request) => {
    if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
    if (request.path === `/api/landing-pages/${kind}/logo`) return { status: 200, body: page(kind, lang) };
    return undefined;
  });
}

function EnglishOnly({ view }: { view: ReactNode }) {
  return useParams().lang === 'en' ? view : <Where />;
}

const kGuest: Viewer = { status: 'Unauthenticated', id: null };

describe('landing pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a page opened under the other language's prefix goes to its own, with the query kept", async () => {
    serve('create_order', 'ru');
    renderRoutes(
      [
        // The English prefix renders the view; where the redirect lands, the probe shows the address.
        {
          path: '/:lang/lp/create-order/:code',
          element: <EnglishOnly view={routes('create_order', kGuest)[0]!.element} />,
        },
        { path: '*', element: <Where /> },
      ],
      '/en/lp/create-order/logo?utm_source=ad',
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/ru/lp/create-order/logo?utm_source=ad');
  });

  it('create-order: the hero, the server HTML as Markdown, and the call to action into the preset order form', async () => {
    serve('create_order');
    renderRoutes(routes('create_order', { status: 'Unauthenticated', id: null }), '/en/lp/create-order/logo');
    expect(await screen.findByRole('heading', { name: 'A logo in three days' })).toBeInTheDocument();
    expect(document.querySelector('.markdown-body strong')).toHaveTextContent('designers');
    fireEvent.click(screen.getByTestId('lp-cta'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/en/create-order?category=1');
  });

  it("find-job: a guest registers first and comes back to the category's orders; a signed-in user goes straight there", async () => {
    serve('find_job');
    const guest = renderRoutes(
      routes('find_job', { status: 'Unauthenticated', id: null }),
      '/en/lp/find-job/logo',
    );
    fireEvent.click(await screen.findByTestId('lp-cta'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/en/registration /en/orders/development');
    guest.unmount();
    renderRoutes(routes('find_job', { status: 'Authenticated', id: kTestUser.id }), '/en/lp/find-job/logo');
    await screen.findByRole('heading', { name: 'A logo in three days' });
    fireEvent.click(screen.getByTestId('lp-cta'));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/en\/orders\/development$/);
  });

  it('an unknown or unpublished page is the 404 screen', async () => {
    mockFetch(() => undefined);
    renderRoutes(routes('create_order', { status: 'Unauthenticated', id: null }), '/en/lp/create-order/nope');
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('A logo');
  });
});
