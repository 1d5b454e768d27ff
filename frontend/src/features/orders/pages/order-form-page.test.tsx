import { fireEvent, screen } from '@testing-library/react';

import OrderFormPage from '@/features/orders/pages/order-form-page';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kRoutes = [
  { path: '/:lang/create-order', element: <OrderFormPage OfferPerformer={() => null} /> },
  { path: '/:lang/order/:id/edit', element: <OrderFormPage OfferPerformer={() => null} /> },
];

// The part of GET /api/orders/{id} the edit page reads before it shows the form.
function viewerOrder(isCustomer: boolean) {
  const viewer = {
    is_customer: isCustomer,
    is_performer: false,
    can_edit: false,
    can_delete: false,
    can_close: false,
    can_reopen: false,
    can_complete: false,
    can_bid: !isCustomer,
    can_review: false,
    can_invite: false,
  };
  return { id: 5, name: 'Logo', viewer };
}

describe('order form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows server errors under their fields and hides one once its field is edited', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      if (request.path === '/api/orders' && request.method === 'POST') {
        return {
          status: 422,
          body: {
            code: 'ValidationFailed',
            message: 'Please correct the highlighted fields.',
            errors: { name: ['The name is too short.'], category_id: ['Choose a category from the list.'] },
          },
        };
      }
      return undefined;
    });
    renderRoutes(kRoutes, '/en/create-order');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Logo' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1500,50' } });
    fireEvent.click(screen.getByLabelText('By agreement', { selector: '#deadline-agreement' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish the order' }));
    expect(await screen.findByText('The name is too short.')).toBeInTheDocument();
    expect(screen.getByText('Choose a category from the list.')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'Logo',
      budget: { amount: 150050, currency: 'USD' },
      deadline_at: null,
    });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Logo for a bakery' } });
    expect(screen.queryByText('The name is too short.')).not.toBeInTheDocument();
    expect(screen.getByText('Choose a category from the list.')).toBeInTheDocument();
  });

  it('asks for a deadline or "by agreement" before sending', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/catalog' ? { status: 200, body: kCatalog } : undefined,
    );
    renderRoutes(kRoutes, '/en/create-order');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish the order' }));
    expect(await screen.findByText('Choose a date and time or “By agreement”.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("says only the customer may edit somebody else's order, not that it is locked", async () => {
    mockFetch((request) => {
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      if (request.path === '/api/orders/5') return { status: 200, body: viewerOrder(false) };
      return undefined;
    });
    renderRoutes(kRoutes, '/en/order/5/edit');
    expect(
      await screen.findByText('Only the customer who posted this order can edit it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/after a performer is selected/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('tells the customer that an order with a performer is locked', async () => {
    mockFetch((request) => {
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      if (request.path === '/api/orders/5') return { status: 200, body: viewerOrder(true) };
      return undefined;
    });
    renderRoutes(kRoutes, '/en/order/5/edit');
    expect(
      await screen.findByText('The order cannot be edited after a performer is selected.'),
    ).toBeInTheDocument();
  });
});
