import { fireEvent, screen, within } from '@testing-library/react';

import { createRoutes } from '@/app/routes';
import type { Article, CommentPage } from '@/features/articles/model/types';
import { i18n } from '@/lib/i18n/i18n';
import { kGuestInfo, mockFetch } from '@/test/fetch-mock';
import { kTestUser, kTestUserInfo, renderRoutes, sessionOf } from '@/test/render';

const kAuthor = { id: 12, name: 'Ivan', lastname: 'Petrov', avatar: null };

const kArticle: Article = {
  id: 5,
  code: 'pricing-a-logo',
  title: 'Pricing a logo',
  lead: 'What goes into the number.',
  cover: null,
  category_id: 1,
  tags: ['design'],
  lang: 'en',
  author: kAuthor,
  status: 'published',
  published_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  rating: 3,
  view_count: 21,
  comment_count: 2,
  body_html: '<p>Hello <strong>world</strong></p>',
  body: null,
  moderation: null,
  my_vote: 0,
  is_author: false,
  can_vote: true,
};

const kComments: CommentPage = {
  items: [
    {
      id: 40,
      parent_id: null,
      author: kAuthor,
      text: 'First!',
      deleted: false,
      hidden: false,
      created_at: '2026-11-21T10:00:00Z',
      edited_at: null,
      editable_until: null,
      rating: 1,
      my_vote: 0,
      replies: [
        {
          id: 41,
          parent_id: 40,
          author: { ...kAuthor, id: 13, name: 'Olga' },
          text: null,
          deleted: true,
          hidden: false,
          created_at: '2026-11-21T11:00:00Z',
          edited_at: null,
          editable_until: null,
          rating: 0,
          my_vote: 0,
        },
      ],
    },
  ],
  next_cursor: null,
  total: 2,
};

function serve(signedIn: boolean, article: Article = kArticle) {
  return mockFetch((request) => {
    if (request.path === '/api/user/info')
      return { status: 200, body: signedIn ? kTestUserInfo : kGuestInfo };
    if (request.path === '/api/articles/categories')
      return { status: 200, body: { items: [{ id: 1, code: 'design', name: 'Design', article_count: 4 }] } };
    if (request.path === '/api/articles/my')
      return { status: 200, body: { items: [{ ...article, is_author: true }], next_cursor: null } };
    if (request.path === '/api/articles' && request.method === 'GET')
      return { status: 200, body: { items: [article], next_cursor: null } };
    if (request.path === `/api/articles/${article.code}`) return { status: 200, body: article };
    if (request.path === `/api/articles/${article.id}/comments` && request.method === 'GET')
      return { status: 200, body: kComments };
    if (request.path === `/api/articles/${article.id}/comments` && request.method === 'POST')
      return { status: 201, body: { ...kComments.items[0], id: 42 } };
    if (request.path === `/api/articles/${article.id}/vote`)
      return { status: 200, body: { rating: 4, my_vote: 1 } };
    return undefined;
  });
}

describe('articles', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows a guest the login prompt instead of voting', async () => {
    const { requests } = serve(false);
    renderRoutes(createRoutes(), '/en/articles/pricing-a-logo', sessionOf('Unauthenticated'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing a logo' })).toBeInTheDocument();
    expect(screen.getByTestId('article-body').innerHTML).toBe('<p>Hello <strong>world</strong></p>');
    const votes = screen.getByTestId('article-votes');
    fireEvent.click(within(votes).getByRole('button', { name: 'Upvote' }));
    expect(await screen.findByRole('dialog', { name: 'Log in to vote' })).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Log in to vote' });
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
    expect(requests.some((request) => request.path.endsWith('/vote'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Log in to comment' })).toBeInTheDocument();
  });

  it('lets a reader vote and shows the new total; the tombstone stays for a deleted reply', async () => {
    const { requests } = serve(true);
    renderRoutes(createRoutes(), '/en/articles/pricing-a-logo', sessionOf('Authenticated', kTestUser));
    const votes = await screen.findByTestId('article-votes');
    expect(within(votes).getByTestId('article-votes-total')).toHaveTextContent('+3');
    fireEvent.click(within(votes).getByRole('button', { name: 'Upvote' }));
    await vi.waitFor(() => expect(within(votes).getByTestId('article-votes-total')).toHaveTextContent('+4'));
    const vote = requests.find((request) => request.path === '/api/articles/5/vote');
    expect(vote?.method).toBe('PUT');
    expect(vote?.body).toEqual({ value: 1 });
    expect(await screen.findByText('First!')).toBeInTheDocument();
    expect(screen.getByText('Comment deleted.')).toBeInTheDocument();
    expect(screen.getByText('2 comments')).toBeInTheDocument();
  });

  it('sends a reply to a reply to the top-level comment, with a client_id', async () => {
    const { requests } = serve(true);
    renderRoutes(createRoutes(), '/en/articles/pricing-a-logo', sessionOf('Authenticated', kTestUser));
    await screen.findByText('First!');
    fireEvent.click(screen.getAllByRole('button', { name: 'Reply' })[0]!);
    fireEvent.change(screen.getByRole('textbox', { name: 'Your reply' }), { target: { value: 'Agreed' } });
    const form = screen.getByRole('textbox', { name: 'Your reply' }).closest('form');
    fireEvent.click(within(form as HTMLElement).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() =>
      expect(
        requests.some((request) => request.method === 'POST' && request.path.endsWith('/comments')),
      ).toBe(true),
    );
    const post = requests.find((request) => request.method === 'POST' && request.path.endsWith('/comments'));
    expect(post?.body).toMatchObject({ text: 'Agreed', parent_id: 40 });
    expect((post?.body as { client_id: string }).client_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the author the moderator's reason and comment on a blocked article, in Russian", async () => {
    await i18n.changeLanguage('ru');
    serve(true, {
      ...kArticle,
      status: 'blocked',
      moderation: { action: 'block', reason: 'spam', comment: 'Уберите ссылки', at: '2026-11-22T10:00:00Z' },
    });
    renderRoutes(createRoutes(), '/ru/articles/-my-', sessionOf('Authenticated', kTestUser));
    const note = await screen.findByTestId('moderation-note');
    expect(note).toHaveTextContent('Заблокировано модератором');
    expect(note).toHaveTextContent('Причина: Спам или реклама');
    expect(note).toHaveTextContent('Комментарий модератора: Уберите ссылки');
    expect(screen.getByRole('button', { name: 'Отправить на модерацию' })).toBeInTheDocument();
    expect(screen.getByText('21 просмотр')).toBeInTheDocument();
  });

  it('lists articles with the category sidebar and a tag filter from the URL', async () => {
    const { requests } = serve(false);
    renderRoutes(createRoutes(), '/en/articles?tag=design&sort=rating', sessionOf('Unauthenticated'));
    expect(await screen.findByRole('link', { name: 'Pricing a logo' })).toHaveAttribute(
      'href',
      '/en/articles/pricing-a-logo',
    );
    expect(screen.getByTestId('tag-filter')).toHaveTextContent('Tag: design');
    const list = requests.find((request) => request.path === '/api/articles');
    expect(Object.fromEntries(list?.query ?? [])).toEqual({ tag: 'design', sort: 'rating', limit: '20' });
    expect(screen.getByRole('navigation', { name: 'Article categories' })).toHaveTextContent('Design');
  });
});
