import { screen, within } from '@testing-library/react';

import AdminDisputesPage from '@/features/wallet/pages/admin-disputes-page';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kRoutes = [{ path: '/:lang/admin/disputes', element: <AdminDisputesPage /> }];

function dispute(id: number, openedBy: 'customer' | 'performer') {
  return {
    milestone_id: id,
    order_id: 40 + id,
    order_name: `Сайт для пекарни ${id}`,
    title: 'Вёрстка',
    amount: '1000.00',
    currency: 'RUB',
    customer_id: 1,
    customer_name: 'Анна Смирнова',
    performer_id: 2,
    performer_name: 'Олег Петров',
    opened_by: openedBy,
    reason: 'Заказчик не отвечает',
    disputed_at: '2026-11-20T10:00:00Z',
  };
}

describe('the admins’ queue of disputes', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists each dispute with its order, amount, sides and who opened it, with the Russian plural', async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) =>
      request.path === '/api/admin/deals/disputes'
        ? { status: 200, body: { disputes: [dispute(1, 'performer'), dispute(2, 'customer')] } }
        : undefined,
    );
    renderRoutes(kRoutes, '/ru/admin/disputes');
    expect(await screen.findByTestId('disputes-count')).toHaveTextContent('Ждут решения 2 спора');
    const [first] = screen.getAllByTestId('dispute');
    expect(within(first!).getByTestId('dispute-order')).toHaveAttribute('href', '/ru/order/41');
    expect(first).toHaveTextContent('1 000,00 ₽');
    expect(first).toHaveTextContent('Заказчик: Анна Смирнова · исполнитель: Олег Петров');
    expect(within(first!).getByTestId('dispute-opened')).toHaveTextContent(
      'Открыт исполнителем (Олег Петров)',
    );
    expect(first).toHaveTextContent('Заказчик не отвечает');
  });

  it('says when nothing waits, and shows an error with a retry', async () => {
    let calls = 0;
    mockFetch((request) => {
      if (request.path !== '/api/admin/deals/disputes') return undefined;
      calls += 1;
      return calls === 1
        ? { status: 503, body: { code: 'ServiceUnavailable', message: 'Try again.' } }
        : { status: 200, body: { disputes: [] } };
    });
    renderRoutes(kRoutes, '/en/admin/disputes');
    (await screen.findByRole('button', { name: /retry|try again/i })).click();
    expect(await screen.findByTestId('disputes-empty')).toHaveTextContent('No disputes are waiting.');
  });
});
