import { fireEvent, screen, within } from '@testing-library/react';

import AdminPayoutsPage from '@/features/wallet/pages/admin-payouts-page';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kRoutes = [{ path: '/:lang/admin/payouts', element: <AdminPayoutsPage /> }];

function pending(id: number, needed: number, firstApprover: string | null) {
  return {
    id,
    amount: needed > 1 ? '200000.00' : '20000.00',
    currency: 'RUB',
    status: 'pending_approval',
    method_id: 3,
    method_kind: 'bank_card',
    method_masked: '•••• 4242',
    approvals_needed: needed,
    approvals: firstApprover === null ? 0 : 1,
    reason: null,
    failure_reason: null,
    user_id: 7,
    user_name: 'Анна Смирнова',
    first_approver_id: firstApprover === null ? null : 1,
    first_approver_name: firstApprover,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  };
}

describe('the admins’ queue of payouts', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists each payout with whose it is, the Russian plural and the second approver’s state', async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) =>
      request.path === '/api/admin/payouts'
        ? { status: 200, body: { payouts: [pending(1, 2, 'Олег Петров'), pending(2, 1, null)] } }
        : undefined,
    );
    renderRoutes(kRoutes, '/ru/admin/payouts');
    expect(await screen.findByTestId('payouts-count')).toHaveTextContent('2 выплаты ждут');
    const [large, small] = screen.getAllByTestId('pending-payout');
    expect(large).toHaveTextContent('Анна Смирнова');
    expect(large).toHaveTextContent('200 000,00 ₽');
    expect(within(large!).getByTestId('pending-payout-approvals')).toHaveTextContent(
      'Одобрил(а) Олег Петров; нужен второй администратор.',
    );
    expect(small).toHaveTextContent('На Банковская карта •••• 4242');
    expect(within(small!).queryByTestId('pending-payout-approvals')).toBeNull();
  });

  it('approves, and shows the server’s refusal of the same admin twice', async () => {
    const approved: number[] = [];
    mockFetch((request) => {
      if (request.path === '/api/admin/payouts')
        return { status: 200, body: { payouts: [pending(5, 2, null)] } };
      if (request.path === '/api/admin/payouts/5/approve') {
        approved.push(5);
        return {
          status: 409,
          body: {
            code: 'Conflict',
            message: 'You have approved this payout already: a second admin must approve it.',
          },
        };
      }
      return undefined;
    });
    renderRoutes(kRoutes, '/en/admin/payouts');
    fireEvent.click(await screen.findByTestId('payout-approve'));
    expect(await screen.findByText(/a second admin must approve it/)).toBeInTheDocument();
    expect(approved).toEqual([5]);
  });

  it('says when nothing waits, and shows an error with a retry', async () => {
    let calls = 0;
    mockFetch((request) => {
      if (request.path !== '/api/admin/payouts') return undefined;
      calls += 1;
      return calls === 1
        ? { status: 503, body: { code: 'ServiceUnavailable', message: 'Try again.' } }
        : { status: 200, body: { payouts: [] } };
    });
    renderRoutes(kRoutes, '/en/admin/payouts');
    (await screen.findByRole('button', { name: /retry|try again/i })).click();
    expect(await screen.findByTestId('payouts-empty')).toHaveTextContent(
      'No payouts are waiting for approval.',
    );
  });
});
