import { fireEvent, screen, within } from '@testing-library/react';

import { searchPath } from '@/features/landing/components/home-search';
import LandingPage from '@/features/landing/pages/landing-page';
import type { HomeFront } from '@/lib/api/schema.generated';
import { i18n } from '@/lib/i18n/i18n';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kFront: HomeFront = {
  totals: { orders: 21, freelancers: 5, vacancies: 1 },
  categories: [
    { category_id: 1, orders: 21, freelancers: 2, vacancies: 1 },
    { category_id: 2, orders: 0, freelancers: 3, vacancies: 0 },
  ],
  orders: [
    {
      id: 7,
      name: 'Лендинг для кофейни',
      category_id: 1,
      budget: { amount: 3_000_000, currency: 'RUB' },
      payment_option: 'safe_deal',
      bid_count: 3,
      country_id: null,
      city_id: null,
      created_at: '2026-11-29T09:00:00Z',
    },
  ],
  vacancies: [
    {
      id: 9,
      title: 'Бариста',
      company: { id: 4, name: 'Кофейня «Зерно»', logo: null, verified: false },
      category_id: 1,
      salary: { from: 6_000_000, to: null, currency: 'RUB', gross: false },
      employment: 'full',
      schedule: 'shift',
      country_id: 7,
      city_id: 70,
      published_at: '2026-11-28T09:00:00Z',
    },
  ],
  freelancers: [
    {
      user: { id: 3, name: 'Мария', lastname: 'Иванова', avatar: null },
      slug: 'maria',
      headline: 'Дизайнер логотипов',
      main_specialization_id: 21,
      available: true,
      online: false,
      stats: { rating: 4.8, review_count: 22, completed_orders: 30 },
    },
  ],
  generated_at: '2026-11-29T10:00:00Z',
};

function routes() {
  return [
    { path: '/:lang', element: <LandingPage signedIn={false} /> },
    { path: '/:lang/*', element: <p>elsewhere</p> },
  ];
}

describe('home page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows the live front in Russian with its plurals and links every count to its list', async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) => {
      if (request.path === '/api/home') return { status: 200, body: kFront };
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      return undefined;
    });
    renderRoutes(routes(), '/ru');
    expect(await screen.findByTestId('home-totals')).toHaveTextContent(
      '21 заказ · 5 фрилансеров · 1 вакансия',
    );
    const categories = await screen.findByTestId('home-categories');
    expect(within(categories).getByRole('link', { name: '21 заказ' })).toHaveAttribute(
      'href',
      '/ru/orders/development',
    );
    expect(within(categories).getByRole('link', { name: '3 фрилансера' })).toHaveAttribute(
      'href',
      '/ru/freelancers/design',
    );
    // A zero count leads nowhere.
    expect(within(categories).getByText('0 заказов').tagName).toBe('SPAN');
    expect(screen.getByRole('link', { name: 'Лендинг для кофейни' })).toHaveAttribute('href', '/ru/order/7');
    expect(screen.getByTestId('home-orders')).toHaveTextContent('3 отклика');
    expect(screen.getByRole('link', { name: 'Бариста' })).toHaveAttribute('href', '/ru/vacancy/9');
    expect(screen.getByTestId('home-vacancies')).toHaveTextContent('Москва, Россия');
    expect(screen.getByRole('link', { name: 'Мария Иванова' })).toHaveAttribute(
      'href',
      '/ru/freelancer/maria',
    );
    expect(screen.getByTestId('home-freelancers')).toHaveTextContent('★ 4,8 · 22 отзыва');
  });

  it('shows the error with a retry when the front fails, and the content after the retry', async () => {
    let fail = true;
    mockFetch((request) => {
      if (request.path === '/api/home')
        return fail
          ? { status: 503, body: { code: 'ServiceUnavailable', message: 'Down.' } }
          : { status: 200, body: kFront };
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      return undefined;
    });
    renderRoutes(routes(), '/en');
    const retries = await screen.findAllByTestId('query-retry');
    fail = false;
    fireEvent.click(retries[0]!);
    expect(await screen.findByRole('link', { name: 'Лендинг для кофейни' })).toBeInTheDocument();
    expect(screen.getByTestId('home-totals')).toHaveTextContent('21 orders · 5 freelancers · 1 vacancy');
  });

  it('offers the first step when a list is empty', async () => {
    mockFetch((request) => {
      if (request.path === '/api/home')
        return { status: 200, body: { ...kFront, orders: [], vacancies: [], freelancers: [] } };
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      return undefined;
    });
    renderRoutes(routes(), '/en');
    expect(await screen.findByText('No open orders yet: be the first to post one.')).toBeInTheDocument();
    expect(screen.getByText('No vacancies yet: be the first employer here.')).toBeInTheDocument();
    expect(screen.getByText('No freelancers in the catalogue yet.')).toBeInTheDocument();
  });

  it('searches the list the switch names, with the words as q', async () => {
    mockFetch(() => undefined);
    const { router } = renderRoutes(routes(), '/en');
    fireEvent.click(await screen.findByRole('radio', { name: 'Vacancies' }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '  barista  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/en/vacancies');
    expect(router.state.location.search).toBe('?q=barista');
    expect(searchPath('ru', 'freelancers', '')).toBe('/ru/freelancers');
  });
});
