import { screen } from '@testing-library/react';

import { ComposedNotificationsPanel } from '@/app/compose/notifications';
import { formatDate } from '@/lib/format/format';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kItems = {
  items: [
    {
      id: 1,
      kind: 'review_received',
      payload: { order_id: 5, order_name: 'Лендинг «Кофе»', user_name: 'Анна Новикова' },
      created_at: '2026-11-20T10:00:00Z',
      read: false,
    },
    {
      id: 2,
      kind: 'invitation_accepted',
      payload: { order_id: 6, order_name: 'Логотип', user_name: 'Игорь Петров' },
      created_at: '2026-11-20T11:00:00Z',
      read: true,
    },
  ],
  unread: 1,
};

describe('notifications panel in ru', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('names the other user without a gendered verb and nests the quotes of a quoted title', async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) =>
      request.path === '/api/notifications' ? { status: 200, body: kItems } : undefined,
    );
    renderRoutes([{ path: '/:lang/my', element: <ComposedNotificationsPanel /> }], '/ru/my');
    expect(
      await screen.findByText('Новый отзыв по заказу «Лендинг „Кофе“». Автор: Анна Новикова'),
    ).toBeInTheDocument();
    expect(screen.getByText('Предложение «Логотип» принято. Исполнитель: Игорь Петров')).toBeInTheDocument();
  });

  it('tells the customer the day a delivered milestone is paid on its own, linking to the order', async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) =>
      request.path === '/api/notifications'
        ? {
            status: 200,
            body: {
              items: [
                {
                  id: 4,
                  kind: 'deal_release_soon',
                  payload: {
                    order_id: 8,
                    order_name: 'Сайт пекарни',
                    milestone: 'Дизайн',
                    milestone_id: 3,
                    release_at: '2026-12-02T10:00:00Z',
                  },
                  created_at: '2026-11-29T10:00:00Z',
                  read: false,
                },
              ],
              unread: 1,
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/:lang/my', element: <ComposedNotificationsPanel /> }], '/ru/my');
    const text =
      `Этап «Дизайн» заказа «Сайт пекарни» будет оплачен исполнителю автоматически ` +
      `${formatDate('2026-12-02T10:00:00Z', 'ru')}, если вы не примете работу, не попросите доработку и не откроете спор`;
    expect(await screen.findByRole('link', { name: text })).toHaveAttribute('href', '/ru/order/8');
  });

  it("says when an invitation's interview is, the month in the genitive", async () => {
    await i18n.changeLanguage('ru');
    // 3 December, 14:00 in the test's own time zone.
    const at = new Date(new Date().getFullYear(), 11, 3, 14, 0).toISOString();
    mockFetch((request) =>
      request.path === '/api/notifications'
        ? {
            status: 200,
            body: {
              items: [
                {
                  id: 5,
                  kind: 'response_invited',
                  payload: {
                    response_id: 31,
                    vacancy: { id: 12, title: 'Бухгалтер' },
                    status: 'interview',
                    action: 'invite',
                    interview_at: at,
                    interview_format: 'online',
                  },
                  created_at: '2026-11-20T12:00:00Z',
                  read: false,
                },
              ],
              unread: 1,
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/:lang/my', element: <ComposedNotificationsPanel /> }], '/ru/my');
    expect(
      await screen.findByText(
        'Вас пригласили на собеседование: «Бухгалтер» · собеседование 3 декабря, 14:00',
      ),
    ).toBeInTheDocument();
  });

  it('names the company and the vacancy of the job board notifications and links to them', async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) =>
      request.path === '/api/notifications'
        ? {
            status: 200,
            body: {
              items: [
                {
                  id: 3,
                  kind: 'company_review',
                  payload: { company: { id: 7, name: 'Северный ветер' }, review_id: 9, rating: 4 },
                  created_at: '2026-11-20T12:00:00Z',
                  read: false,
                },
                {
                  id: 4,
                  kind: 'vacancy_archived',
                  payload: { vacancy: { id: 12, title: 'Бухгалтер' } },
                  created_at: '2026-11-20T13:00:00Z',
                  read: false,
                },
              ],
              unread: 2,
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/:lang/my', element: <ComposedNotificationsPanel /> }], '/ru/my');
    const review = await screen.findByText('Новый отзыв о компании «Северный ветер»: оценка 4 из 5');
    expect(review.closest('a')).toHaveAttribute('href', '/ru/employer/7');
    const archived = screen.getByText(
      'Вакансия «Бухгалтер» перенесена в архив: прошло 30 дней без продления',
    );
    expect(archived.closest('a')).toHaveAttribute('href', '/ru/vacancy/12');
  });

  it("names the article and the moderator's reason of the articles' notifications and links to the article", async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) =>
      request.path === '/api/notifications'
        ? {
            status: 200,
            body: {
              items: [
                {
                  id: 5,
                  kind: 'article_blocked',
                  payload: {
                    article: { id: 3, code: 'kak-ocenit-logotip', title: 'Как оценить логотип' },
                    reason: 'spam',
                    comment: 'Уберите ссылку',
                  },
                  created_at: '2026-11-20T12:00:00Z',
                  read: false,
                },
              ],
              unread: 1,
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/:lang/my', element: <ComposedNotificationsPanel /> }], '/ru/my');
    const blocked = await screen.findByText('Статья «Как оценить логотип» заблокирована: Спам или реклама');
    expect(blocked.closest('a')).toHaveAttribute('href', '/ru/articles/kak-ocenit-logotip');
  });
});
