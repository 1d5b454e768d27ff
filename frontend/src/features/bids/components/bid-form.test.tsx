import { fireEvent, screen } from '@testing-library/react';

import { BidForm } from '@/features/bids/components/bid-form';
import { kPreliminaryBid } from '@/features/bids/testing/fixtures';
import { buildCatalogIndex } from '@/lib/catalog/catalog-index';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes, renderWithStore } from '@/test/render';
import { ViewerContext } from '@/lib/session/viewer';

const kCatalogIndex = buildCatalogIndex(kCatalog, 'en');

const kCreated = {
  bid: kPreliminaryBid,
  first_bid: true,
};

describe('bid form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a final bid without a price is stopped before sending', async () => {
    const { requests } = mockFetch(() => undefined);
    renderWithStore(<BidForm orderId={42} catalog={kCatalogIndex} defaultCurrency="RUB" />);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Can do' } });
    fireEvent.change(screen.getByLabelText('Term, days'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the bid' }));
    expect(await screen.findByText('Name your price for a final bid.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('switching to preliminary drops the "price required" message', async () => {
    mockFetch(() => undefined);
    renderWithStore(<BidForm orderId={42} catalog={kCatalogIndex} defaultCurrency="RUB" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send the bid' }));
    expect(await screen.findByText('Name your price for a final bid.')).toBeInTheDocument();
    expect(screen.getByText('Write a comment.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Preliminary — terms to be clarified'));
    expect(screen.queryByText('Name your price for a final bid.')).not.toBeInTheDocument();
    expect(screen.getByText('Write a comment.')).toBeInTheDocument();
  });

  it('sends a preliminary bid without a price and prompts to complete the profile after the first bid', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/orders/42/bids' ? { status: 201, body: kCreated } : undefined,
    );
    const onFirstBid = vi.fn();
    renderWithStore(
      <BidForm orderId={42} catalog={kCatalogIndex} defaultCurrency="RUB" onFirstBid={onFirstBid} />,
    );
    fireEvent.click(screen.getByLabelText('Preliminary — terms to be clarified'));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: ' Can do ' } });
    fireEvent.change(screen.getByLabelText('Term, days'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the bid' }));
    await vi.waitFor(() => expect(onFirstBid).toHaveBeenCalledTimes(1));
    expect(requests[0]?.body).toEqual({ kind: 'preliminary', comment: 'Can do', term_days: 5, price: null });
  });

  it('shows the server field errors under their fields', async () => {
    mockFetch(() => ({
      status: 422,
      body: { code: 'ValidationFailed', message: 'Fix it', errors: { comment: ['Too short.'] } },
    }));
    renderWithStore(<BidForm orderId={42} catalog={kCatalogIndex} defaultCurrency="RUB" />);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Term, days'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the bid' }));
    expect(await screen.findByText('Too short.')).toBeInTheDocument();
  });

  it("says the order wants a portfolio, and shows the server's refusal with a link to the portfolio", async () => {
    mockFetch(() => ({
      status: 422,
      body: {
        code: 'ValidationFailed',
        message: 'Fix it',
        errors: { order: ['Only performers with a portfolio may bid on this order.'] },
      },
    }));
    renderRoutes(
      [
        {
          path: '/:lang/order/42',
          element: (
            <ViewerContext.Provider value={{ status: 'Authenticated', id: 7 }}>
              <BidForm orderId={42} catalog={kCatalogIndex} defaultCurrency="RUB" portfolioRequired />
            </ViewerContext.Provider>
          ),
        },
      ],
      '/en/order/42',
    );
    expect(
      screen.getByText('The customer accepts bids only from performers with a portfolio.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Can do it well' } });
    fireEvent.change(screen.getByLabelText('Term, days'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the bid' }));
    expect(await screen.findByTestId('bid-refusal')).toHaveTextContent(
      'Only performers with a portfolio may bid on this order.',
    );
    expect(screen.getByTestId('bid-portfolio-link')).toHaveAttribute('href', '/en/freelancer/7');
  });
});
