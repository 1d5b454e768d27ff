import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { MyBid } from '@/features/bids/components/my-bid';
import { kPreliminaryBid } from '@/features/bids/testing/fixtures';
import { buildCatalogIndex } from '@/lib/catalog/catalog-index';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithStore } from '@/test/render';

const kCatalogIndex = buildCatalogIndex(kCatalog, 'en');

describe('my bid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a preliminary bid without a price is made final in the order currency', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/bids/9'
        ? { status: 200, body: { ...kPreliminaryBid, kind: 'final' } }
        : undefined,
    );
    renderWithStore(
      <MemoryRouter initialEntries={['/en/order/42']}>
        <MyBid bid={kPreliminaryBid} catalog={kCatalogIndex} editable orderCurrency="USD" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Make final' }));
    expect(screen.getByLabelText('Final — ready to start on these terms')).toBeChecked();
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '1100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the bid' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ kind: 'final', price: { amount: 110000, currency: 'USD' } });
  });
});
