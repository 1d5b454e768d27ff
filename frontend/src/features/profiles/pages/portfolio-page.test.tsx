import { fireEvent, screen, within } from '@testing-library/react';

import { createRoutes } from '@/app/routes';
import type { Portfolio } from '@/lib/api/schema.generated';
import { i18n } from '@/lib/i18n/i18n';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { freelancerProfile } from '@/test/profiles';
import { kTestUser, kTestUserInfo, renderRoutes, sessionOf } from '@/test/render';

const kPortfolio: Portfolio = {
  groups: [
    { id: 1, name: 'Logos', description: '', priority: 1, project_count: 0 },
    { id: 2, name: 'Sites', description: '', priority: 2, project_count: 0 },
  ],
  projects: [],
};

function serve(owner: boolean, missing: ('headline' | 'portfolio' | 'prices')[] = []) {
  return mockFetch((request) => {
    if (request.path === '/api/user/info') return { status: 200, body: kTestUserInfo };
    if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
    if (request.path === '/api/freelancers/7')
      return {
        status: 200,
        body: freelancerProfile(7, 'Anna', 'Petrova', {
          is_owner: owner,
          completeness: { score: 40, missing },
        }),
      };
    if (request.path === '/api/freelancers/7/portfolio') return { status: 200, body: kPortfolio };
    if (request.path === '/api/portfolio/groups/order' && request.method === 'PUT')
      return { status: 200, body: { groups: [...kPortfolio.groups].reverse() } };
    if (request.path === '/api/portfolio/projects' && request.method === 'POST')
      return {
        status: 422,
        body: {
          code: 'ValidationFailed',
          message: 'The given data was invalid.',
          errors: { description: ['Описание — не более 500 символов'] },
        },
      };
    return undefined;
  });
}

describe('portfolio page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('lets the owner move a group down with the keyboard, sending every id in the new order', async () => {
    const { requests } = serve(true);
    renderRoutes(createRoutes(), '/en/freelancer/7', sessionOf('Authenticated', kTestUser));
    const groups = await screen.findByTestId('portfolio-groups');
    fireEvent.click(within(groups).getByRole('button', { name: 'Move Logos down' }));
    await vi.waitFor(() =>
      expect(requests.find((request) => request.path === '/api/portfolio/groups/order')?.body).toEqual({
        ids: [2, 1],
      }),
    );
    // The new order shows at once.
    const names = within(groups)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Sites', 'Logos']);
  }, 20_000);

  it('shows a visitor no editing and a neutral empty text', async () => {
    mockFetch((request) => {
      if (request.path === '/api/user/info') return { status: 200, body: kTestUserInfo };
      if (request.path === '/api/freelancers/7') return { status: 200, body: freelancerProfile(7) };
      if (request.path === '/api/freelancers/7/portfolio')
        return { status: 200, body: { groups: [], projects: [] } };
      return undefined;
    });
    renderRoutes(createRoutes(), '/en/freelancer/7', sessionOf('Authenticated', { ...kTestUser, id: 8 }));
    expect(await screen.findByTestId('portfolio-empty')).toHaveTextContent('No projects yet.');
    expect(screen.queryByTestId('add-project')).toBeNull();
    expect(screen.queryByTestId('completeness')).toBeNull();
  }, 20_000);

  it("opens the project form from the completeness link, counts the description live and shows the server's message", async () => {
    await i18n.changeLanguage('ru');
    serve(true, ['headline', 'portfolio', 'prices']);
    const { router } = renderRoutes(
      createRoutes(),
      '/ru/freelancer/7',
      sessionOf('Authenticated', kTestUser),
    );
    const card = await screen.findByTestId('completeness');
    expect(within(card).getByTestId('missing-headline')).toHaveAttribute(
      'href',
      '/ru/freelancer/7/about?edit=profile&field=headline',
    );
    fireEvent.click(within(card).getByTestId('missing-portfolio'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?edit=project'));
    const form = await screen.findByTestId('project-form');
    fireEvent.change(within(form).getByLabelText('Название проекта'), { target: { value: 'Лого' } });
    const description = within(form).getByLabelText('Описание');
    fireEvent.change(description, { target: { value: 'я'.repeat(501) } });
    expect(within(form).getByTestId('counter')).toHaveTextContent('501 / 500');
    expect(within(form).getByRole('alert')).toHaveTextContent('Описание — не более 500 символов');
    fireEvent.change(description, { target: { value: 'я'.repeat(500) } });
    expect(within(form).queryByRole('alert')).toBeNull();
    fireEvent.click(within(form).getByTestId('project-form-save'));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Описание — не более 500 символов');
  }, 20_000);
});
