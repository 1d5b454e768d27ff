import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { TopupReturn } from '@/features/wallet/components/topup-return';
import type { Topup } from '@/lib/api/schema.generated';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithStore } from '@/test/render';

function topup(status: Topup['status']): Topup {
  return {
    id: 5,
    amount: '1500.00',
    currency: 'RUB',
    status,
    gateway: 'yookassa',
    confirmation_url: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=2d9e',
    card_last4: status === 'succeeded' ? '4444' : null,
    decline_reason: status === 'declined' ? 'expired_on_confirmation' : null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  };
}

function renderReturn(onDismiss = () => {}) {
  return renderWithStore(
    <MemoryRouter initialEntries={['/en/bill?topup=5']}>
      <TopupReturn id={5} onDismiss={onDismiss} />
    </MemoryRouter>,
  );
}

describe('back from an external checkout', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('waits for the notification, then says the money arrived', async () => {
    let reads = 0;
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/wallet/topups/5') {
        reads += 1;
        return { status: 200, body: topup(reads < 2 ? 'pending' : 'succeeded') };
      }
      return undefined;
    });
    renderReturn();
    expect(await screen.findByTestId('topup-return-pending')).toHaveTextContent(
      'Waiting for the payment service to confirm',
    );
    expect(await screen.findByTestId('topup-return-succeeded', {}, { timeout: 4000 })).toHaveTextContent(
      'Payment succeeded',
    );
    const polled = requests.filter((r) => r.path === '/api/wallet/topups/5').length;
    await new Promise((resolve) => setTimeout(resolve, 1700));
    // Settled: no more polling.
    expect(requests.filter((r) => r.path === '/api/wallet/topups/5').length).toBe(polled);
  });

  it('says a declined payment charged nothing, in Russian too, and hides on request', async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) =>
      request.path === '/api/wallet/topups/5' ? { status: 200, body: topup('declined') } : undefined,
    );
    const onDismiss = vi.fn();
    renderReturn(onDismiss);
    const notice = await screen.findByTestId('topup-return-declined');
    expect(notice).toHaveTextContent('не прошла');
    expect(notice).toHaveTextContent('Деньги не списаны');
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('says so when the top-up is not the payer\u2019s', async () => {
    mockFetch(() => undefined);
    renderReturn();
    expect(await screen.findByTestId('topup-return-not-found')).toHaveTextContent(
      'This payment does not exist or is not yours.',
    );
  });
});
