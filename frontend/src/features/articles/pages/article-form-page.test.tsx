import { fireEvent, screen } from '@testing-library/react';

import { createRoutes } from '@/app/routes';
import type { Article } from '@/features/articles/model/types';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, kTestUserInfo, renderRoutes, sessionOf } from '@/test/render';

const kSaved: Article = {
  id: 9,
  code: 'kak-ocenit-logotip',
  title: 'Как оценить логотип',
  lead: '',
  cover: null,
  category_id: 1,
  tags: ['дизайн'],
  lang: 'ru',
  author: { id: kTestUser.id, name: kTestUser.name, lastname: kTestUser.lastname, avatar: null },
  status: 'draft',
  published_at: null,
  updated_at: '2026-11-24T10:00:00Z',
  rating: 0,
  view_count: 0,
  comment_count: 0,
  body_html: '<h2>Бриф</h2>',
  body: '## Бриф',
  moderation: null,
  my_vote: 0,
  is_author: true,
  can_vote: false,
};

async function choose(id: string, name: string) {
  fireEvent.click(document.querySelector(id)!.closest('.p-dropdown')!.querySelector('.p-dropdown-trigger')!);
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

function serve(createAnswer: { status: number; body: unknown } = { status: 201, body: kSaved }) {
  return mockFetch((request) => {
    if (request.path === '/api/user/info') return { status: 200, body: kTestUserInfo };
    if (request.path === '/api/articles/categories')
      return { status: 200, body: { items: [{ id: 1, code: 'design', name: 'Дизайн', article_count: 0 }] } };
    if (request.path === '/api/articles' && request.method === 'POST') return createAnswer;
    if (request.path === `/api/articles/${kSaved.code}`) return { status: 200, body: kSaved };
    if (request.path === `/api/articles/${kSaved.id}/submit`)
      return { status: 200, body: { ...kSaved, status: 'moderation' } };
    if (request.path === '/api/articles/my') return { status: 200, body: { items: [], next_cursor: null } };
    return undefined;
  });
}

async function fill() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Заголовок' }), {
    target: { value: 'Как оценить логотип' },
  });
  await choose('#article-category', 'Дизайн');
  fireEvent.change(screen.getByRole('textbox', { name: 'Теги' }), { target: { value: 'Дизайн' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Текст (Markdown)' }), {
    target: { value: '## Бриф' },
  });
}

describe('article form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ru');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('checks the fields before it sends anything', async () => {
    const { requests } = serve();
    renderRoutes(createRoutes(), '/ru/articles/-create-', sessionOf('Authenticated', kTestUser));
    fireEvent.click(await screen.findByRole('button', { name: 'Сохранить черновик' }));
    expect(screen.getAllByText('Обязательное поле.')).toHaveLength(3);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('saves a draft, moves to its edit address and previews the server rendering', async () => {
    const { requests } = serve();
    const { router } = renderRoutes(
      createRoutes(),
      '/ru/articles/-create-',
      sessionOf('Authenticated', kTestUser),
    );
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/ru/articles/kak-ocenit-logotip/edit'),
    );
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      title: 'Как оценить логотип',
      code: null,
      lead: '',
      body: '## Бриф',
      category_id: 1,
      tags: ['дизайн'],
      lang: 'ru',
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Предпросмотр' }));
    expect(screen.getByTestId('article-preview').querySelector('h2')).toHaveTextContent('Бриф');
  });

  it('submits for moderation after saving, and lands on the own articles', async () => {
    const { requests } = serve();
    const { router } = renderRoutes(
      createRoutes(),
      '/ru/articles/-create-',
      sessionOf('Authenticated', kTestUser),
    );
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить на модерацию' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/ru/articles/-my-'));
    expect(requests.some((request) => request.path === '/api/articles/9/submit')).toBe(true);
  });

  it("shows the server's 422 on its field", async () => {
    serve({
      status: 422,
      body: { code: 'Validation', message: 'Проверьте поля.', errors: { code: ['Этот адрес уже занят.'] } },
    });
    renderRoutes(createRoutes(), '/ru/articles/-create-', sessionOf('Authenticated', kTestUser));
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    expect(await screen.findByText('Этот адрес уже занят.')).toBeInTheDocument();
  });
});
