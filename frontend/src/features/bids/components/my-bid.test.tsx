import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { MyBid } from '@/features/bids/components/my-bid';
import type { Bid } from '@/lib/api/schema.generated';
import { buildCatalogIndex } from '@/lib/catalog/catalog-index';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithStore } from '@/test/render';

const kCatalogIndex = buildCatalogIndex(kCatalog, 'en');

const kPreliminary: Bid = {
  id: 9,
  order_id: 42,
  performer: { id: 7, name: 'Anna', lastname: 'Petrova', avatar: null },
  kind: 'preliminary',
  comment: 'Can do',
  term_days: 5,
  price: null,
  status: 'active',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

describe('my bid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a preliminary bid without a price is made final in the order currency', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/bids/9' ? { status: 200, body: { ...kPreliminary, kind: 'final' } } : undefined,
    );
    renderWithStore(
      <MemoryRouter initialEntries={['/en/order/42']}>
        <MyBid bid={kPreliminary} catalog={kCatalogIndex} editable orderCurrency="USD" />
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
