import { screen } from '@testing-library/react';

import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';
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
    renderRoutes([{ path: '/:lang/my', element: <NotificationsPanel /> }], '/ru/my');
    expect(
      await screen.findByText('Новый отзыв по заказу «Лендинг „Кофе“». Автор: Анна Новикова'),
    ).toBeInTheDocument();
    expect(screen.getByText('Предложение «Логотип» принято. Исполнитель: Игорь Петров')).toBeInTheDocument();
  });
});
