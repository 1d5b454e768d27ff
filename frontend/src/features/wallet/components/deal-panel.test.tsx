import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { DealPanel } from '@/features/wallet/components/deal-panel';
import type { Deal, Milestone } from '@/lib/api/schema.generated';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithStore } from '@/test/render';

const kMilestone: Milestone = {
  id: 5,
  title: 'Design mock-ups',
  amount: '1000.00',
  fee: '100.00',
  payout: '900.00',
  deadline: '2026-12-01',
  status: 'draft',
  delivery_message: null,
  delivered_at: null,
  auto_release_at: null,
  changes_message: null,
  disputed_by: null,
  dispute_reason: null,
  released: null,
  fee_taken: null,
  refunded: null,
  actions: ['fund'],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

function deal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 3,
    order_id: 42,
    order_name: 'A bakery site',
    customer_id: 1,
    performer_id: 2,
    role: 'customer',
    currency: 'RUB',
    fee_percent: 10,
    auto_release_days: 14,
    in_escrow: '0.00',
    released: '0.00',
    refunded: '0.00',
    milestones: [kMilestone],
    ...overrides,
  };
}

function renderPanel() {
  return renderWithStore(
    <MemoryRouter initialEntries={['/en/order/42']}>
      <DealPanel orderId={42} />
    </MemoryRouter>,
  );
}

describe('the safe deal panel', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows the fee before funding and funds with an Idempotency-Key', async () => {
    let funded = false;
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/orders/42/deal') {
        return {
          status: 200,
          body: funded
            ? deal({
                in_escrow: '1000.00',
                milestones: [{ ...kMilestone, status: 'funded', actions: ['dispute'] }],
              })
            : deal(),
        };
      }
      if (request.path === '/api/deals/milestones/5/fund' && request.method === 'POST') {
        funded = true;
        return { status: 200, body: deal() };
      }
      return undefined;
    });
    renderPanel();
    const milestone = await screen.findByTestId('milestone-5');
    expect(within(milestone).getByText('Not funded')).toBeInTheDocument();
    fireEvent.click(within(milestone).getByRole('button', { name: 'Fund' }));
    const fee = await screen.findByTestId('deal-fee');
    expect(fee).toHaveTextContent('Platform fee');
    expect(fee).toHaveTextContent('100.00');
    expect(fee).toHaveTextContent('900.00');
    fireEvent.click(screen.getByRole('button', { name: 'Fund from the wallet' }));
    await vi.waitFor(() =>
      expect(requests.some((r) => r.path === '/api/deals/milestones/5/fund')).toBe(true),
    );
    const fund = requests.find((r) => r.path === '/api/deals/milestones/5/fund');
    expect(fund?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Funded')).toBeInTheDocument();
  });

  it('shows a short wallet as the server says, and keeps the dialog open', async () => {
    mockFetch((request) => {
      if (request.path === '/api/orders/42/deal') return { status: 200, body: deal() };
      if (request.path === '/api/deals/milestones/5/fund') {
        return {
          status: 409,
          body: { status: 409, code: 'Conflict', message: 'Not enough money in the wallet.' },
        };
      }
      return undefined;
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Fund' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Fund from the wallet' }));
    expect(await screen.findByText('Not enough money in the wallet.')).toBeInTheDocument();
    expect(screen.getByTestId('deal-step')).toBeInTheDocument();
  });

  it('offers to top up exactly what a short wallet lacks, and comes back to the order', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/orders/42/deal') return { status: 200, body: deal() };
      if (request.path === '/api/wallet') {
        return {
          status: 200,
          body: { balances: [{ currency: 'RUB', available: '400.00', on_hold: '0.00' }] },
        };
      }
      if (request.path === '/api/wallet/topups') {
        return {
          status: 201,
          body: {
            id: 77,
            amount: '600.00',
            currency: 'RUB',
            status: 'pending',
            gateway: 'sandbox',
            confirmation_url: '/en/bill/sandbox/77',
            created_at: '2026-11-20T10:00:00Z',
          },
        };
      }
      return undefined;
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Fund' }));
    const short = await screen.findByTestId('deal-shortfall');
    expect(short).toHaveTextContent(/RUB\s?400\.00.*RUB\s?600\.00 more is needed/);
    fireEvent.click(within(short).getByTestId('deal-top-up'));
    expect(await screen.findByLabelText('Amount')).toHaveValue('600.00');
    fireEvent.click(screen.getByTestId('topup-submit'));
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/wallet/topups')).toBe(true));
    const topup = requests.find((r) => r.path === '/api/wallet/topups');
    expect(topup?.body).toEqual({ amount: '600.00', currency: 'RUB' });
    expect(topup?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets the performer deliver with a message', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/orders/42/deal') {
        return {
          status: 200,
          body: deal({
            role: 'performer',
            milestones: [{ ...kMilestone, status: 'funded', actions: ['deliver', 'refund', 'dispute'] }],
          }),
        };
      }
      if (request.path === '/api/deals/milestones/5/deliver') return { status: 200, body: deal() };
      return undefined;
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver' }));
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'All three mock-ups attached' } });
    fireEvent.click(screen.getByTestId('deal-step-confirm'));
    await vi.waitFor(() =>
      expect(requests.some((r) => r.path === '/api/deals/milestones/5/deliver')).toBe(true),
    );
    expect(requests.find((r) => r.path === '/api/deals/milestones/5/deliver')?.body).toEqual({
      message: 'All three mock-ups attached',
    });
    // The performer adds no milestones.
    expect(screen.queryByTestId('milestone-add-open')).toBeNull();
  });

  it('lets an admin split a disputed milestone', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/orders/42/deal') {
        return {
          status: 200,
          body: deal({
            role: 'admin',
            in_escrow: '1000.00',
            milestones: [
              { ...kMilestone, status: 'disputed', dispute_reason: 'Half is missing', actions: ['resolve'] },
            ],
          }),
        };
      }
      if (request.path === '/api/admin/deals/milestones/5/resolve') return { status: 200, body: deal() };
      return undefined;
    });
    renderPanel();
    expect(await screen.findByText('Half is missing')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
    fireEvent.change(screen.getByLabelText(/To the performer/), { target: { value: '600' } });
    fireEvent.click(screen.getByTestId('deal-step-confirm'));
    await vi.waitFor(() =>
      expect(requests.some((r) => r.path === '/api/admin/deals/milestones/5/resolve')).toBe(true),
    );
    const resolve = requests.find((r) => r.path === '/api/admin/deals/milestones/5/resolve');
    expect(resolve?.body).toEqual({ release: '600.00' });
    expect(resolve?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.queryByTestId('milestone-add-open')).toBeNull();
  });

  it('has an empty state, and an error with a retry, in Russian', async () => {
    await i18n.changeLanguage('ru');
    let fail = true;
    mockFetch((request) => {
      if (request.path !== '/api/orders/42/deal') return undefined;
      if (fail) return { status: 500, body: { status: 500, code: 'Internal', message: 'Ошибка' } };
      return { status: 200, body: deal({ id: null, currency: null, milestones: [] }) };
    });
    renderPanel();
    const retry = await screen.findByRole('button', { name: /Повторить/ });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('deal-empty')).toHaveTextContent('Этапов пока нет');
    expect(screen.getByRole('button', { name: 'Добавить этап' })).toBeInTheDocument();
  });
});
