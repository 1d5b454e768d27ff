import { fireEvent, screen, within } from '@testing-library/react';

import CataloguePage from '@/features/profiles/pages/catalogue-page';
import { kFreelancerCard } from '@/features/profiles/testing/catalogue-fixtures';
import { i18n } from '@/lib/i18n/i18n';
import type { FreelancerPage } from '@/lib/api/schema.generated';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kRoutes = [
  { path: '/:lang/freelancers', element: <CataloguePage /> },
  { path: '/:lang/freelancers/:category', element: <CataloguePage /> },
];

function serve(first: Partial<FreelancerPage> = {}) {
  return mockFetch((request) => {
    if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
    if (request.path === '/api/freelancers/counts') {
      return { status: 200, body: { total: 5, categories: [{ category_id: 2, count: 3 }] } };
    }
    if (request.path === '/api/freelancers') {
      const cursor = request.query.get('cursor');
      return {
        status: 200,
        body:
          cursor === null
            ? { items: [kFreelancerCard], next_cursor: 'page2', corrected: null, ...first }
            : {
                items: [
                  { ...kFreelancerCard, user: { ...kFreelancerCard.user, id: 6, name: 'Maria' }, slug: null },
                ],
                next_cursor: null,
                corrected: null,
              },
      };
    }
    return undefined;
  });
}

describe('freelancer catalogue', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('sends the filters of the URL to the list and the counts', async () => {
    const { requests } = serve();
    renderRoutes(
      kRoutes,
      '/en/freelancers/design?q=logo&specialization=21&skill=102&country=7&city=70&portfolio=true' +
        '&rate_min=1000&rate_max=5000&currency=USD&rating_min=4&available=true&online=true&sort=reviews',
    );
    expect(await screen.findByText('Ivan Sokolov')).toBeInTheDocument();
    const filters = {
      q: 'logo',
      specialization: 'logo',
      skill: '102',
      country: '7',
      city: '70',
      portfolio: 'true',
      rate_min: '1000',
      rate_max: '5000',
      currency: 'USD',
      rating_min: '4',
      available: 'true',
      online: 'true',
    };
    const list = requests.find((request) => request.path === '/api/freelancers');
    expect(Object.fromEntries(list?.query ?? [])).toEqual({
      ...filters,
      category: 'design',
      sort: 'reviews',
      limit: '20',
    });
    const counts = requests.find((request) => request.path === '/api/freelancers/counts');
    expect(Object.fromEntries(counts?.query ?? [])).toEqual(filters);
    // The filters panel is open and shows the flags that are on.
    expect(screen.getByRole('checkbox', { name: 'With portfolio only' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Online now' })).toBeChecked();
  }, 15_000);

  it('draws a card: profile link by slug, rating, reviews, rate, badges, covers, skills and the actions', async () => {
    serve();
    renderRoutes(kRoutes, '/en/freelancers');
    const card = await screen.findByTestId('freelancer-card');
    expect(within(card).getByRole('link', { name: 'Ivan Sokolov' })).toHaveAttribute(
      'href',
      '/en/freelancer/ivan-design',
    );
    expect(card).toHaveTextContent('Logos and brand identity');
    expect(card).toHaveTextContent('Logos');
    expect(card).toHaveTextContent('Moscow, Russia');
    expect(card).toHaveTextContent('4.8 12 reviews');
    expect(card).toHaveTextContent('5 orders completed');
    expect(within(card).getByTestId('freelancer-rate')).toHaveTextContent('RUB 1,500 per hour');
    expect(card).toHaveTextContent('Open to work');
    expect(card).toHaveTextContent('Online now');
    expect(card.querySelectorAll('.freelancer-covers img')).toHaveLength(3);
    expect(within(card).getByText('Figma')).toBeInTheDocument();
    expect(within(card).getByTestId('offer-job')).toHaveAttribute('href', '/en/create-order?performer=5');
  }, 15_000);

  it('shows the typo fallback note, the Russian count and the next page by cursor', async () => {
    await i18n.changeLanguage('ru');
    const { requests } = serve({ corrected: 'логотип' });
    renderRoutes(kRoutes, '/ru/freelancers?q=лагатип');
    expect(await screen.findByTestId('corrected-note')).toHaveTextContent(
      'Показаны результаты по запросу «логотип»',
    );
    expect(await screen.findByText('Найдено 5 фрилансеров')).toHaveAttribute('data-testid', 'result-count');
    expect(screen.getByTestId('freelancer-card')).toHaveTextContent('12 отзывов');
    expect(screen.getByTestId('freelancer-card')).toHaveTextContent('5 заказов выполнено');
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Maria Sokolov')).toBeInTheDocument();
    expect(requests.some((request) => request.query.get('cursor') === 'page2')).toBe(true);
    // A card without a slug links by id.
    expect(screen.getByRole('link', { name: 'Maria Sokolov' })).toHaveAttribute('href', '/ru/freelancer/6');
  }, 15_000);

  it('puts a search and a flag into the URL, keeps the others, and goes back', async () => {
    serve();
    const { router } = renderRoutes(kRoutes, '/en/freelancers?sort=activity');
    await screen.findByText('Ivan Sokolov');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search freelancers' }), {
      target: { value: 'react' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=react&sort=activity'));
    fireEvent.click(screen.getByRole('button', { name: 'Advanced filters' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Open to work' }));
    await vi.waitFor(() =>
      expect(router.state.location.search).toBe('?q=react&available=true&sort=activity'),
    );
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=react&sort=activity'));
  }, 15_000);

  it('says when nothing matches and resets the filters', async () => {
    serve({ items: [], next_cursor: null });
    const { router } = renderRoutes(kRoutes, '/en/freelancers?online=true');
    const empty = await screen.findByTestId('catalogue-empty');
    expect(empty).toHaveTextContent('No freelancers match these filters.');
    fireEvent.click(within(empty).getByRole('button', { name: 'Reset the filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  }, 15_000);

  it('shows an error block with a retry when the API is down, and the list once it is back', async () => {
    let down = true;
    const answer = serve();
    answer.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (path === '/api/catalog') return json(200, kCatalog);
      if (down) return json(503, { code: 'ServiceUnavailable', message: 'Service unavailable.' });
      if (path === '/api/freelancers/counts') return json(200, { total: 1, categories: [] });
      return json(200, { items: [kFreelancerCard], next_cursor: null, corrected: null });
    });
    renderRoutes(kRoutes, '/en/freelancers');
    expect(await screen.findByTestId('query-error')).toHaveTextContent('Service unavailable.');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ivan Sokolov')).toBeInTheDocument();
  }, 15_000);

  it('answers an unknown category with not found', async () => {
    serve();
    renderRoutes(kRoutes, '/en/freelancers/astrology');
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Freelancers');
  });
});
