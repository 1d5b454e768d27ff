import { fireEvent, screen } from '@testing-library/react';

import OrderFormPage from '@/features/orders/pages/order-form-page';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

async function chooseCategory(name: string) {
  fireEvent.click(
    document.querySelector('#order-category')!.closest('.p-dropdown')!.querySelector('.p-dropdown-trigger')!,
  );
  // The panel is display:none in jsdom (no layout), so the option counts as hidden.
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

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
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Logo!' } });
    fireEvent.change(screen.getByLabelText('Description'), {
      target: { value: 'A logo for a small bakery, three variants.' },
    });
    await chooseCategory('Development');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1,500.50' } });
    fireEvent.click(screen.getByLabelText('By agreement', { selector: '#deadline-agreement' }));
    fireEvent.click(screen.getByLabelText('Only performers with a portfolio may bid'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish the order' }));
    expect(await screen.findByText('The name is too short.')).toBeInTheDocument();
    expect(screen.getByText('Choose a category from the list.')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'Logo!',
      category_id: 1,
      budget: { amount: 150050, currency: 'USD' },
      deadline_at: null,
      portfolio_required: true,
    });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Logo for a bakery' } });
    expect(screen.queryByText('The name is too short.')).not.toBeInTheDocument();
    expect(screen.getByText('Choose a category from the list.')).toBeInTheDocument();
  }, 15_000);

  it('create-order?category={id} presets the category (a landing page leads here); an unknown id does not', async () => {
    mockFetch((request) => (request.path === '/api/catalog' ? { status: 200, body: kCatalog } : undefined));
    const first = renderRoutes(kRoutes, '/en/create-order?category=1');
    await screen.findByLabelText('Title');
    const label = () => document.querySelector('#order-category')!.closest('.p-dropdown')!.textContent;
    expect(label()).toContain('Development');
    first.unmount();
    renderRoutes(kRoutes, '/en/create-order?category=999');
    await screen.findByLabelText('Title');
    expect(label()).not.toContain('Development');
  });

  it('asks for a deadline or "by agreement" before sending', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/catalog' ? { status: 200, body: kCatalog } : undefined,
    );
    renderRoutes(kRoutes, '/en/create-order');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish the order' }));
    expect(await screen.findByText('Choose a date or “By agreement”.')).toBeInTheDocument();
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

  it('an empty submit flags every field at once, and the description shows its minimum before any failure', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/catalog' ? { status: 200, body: kCatalog } : undefined,
    );
    renderRoutes(kRoutes, '/en/create-order');
    expect(await screen.findByTestId('description-counter')).toHaveTextContent('Characters: 0 (at least 20)');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Twelve chars' } });
    expect(screen.getByTestId('description-counter')).toHaveTextContent('Characters: 12 (at least 20)');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish the order' }));
    for (const text of [
      'Give the order a title.',
      'Describe the job.',
      'Choose a category.',
      'Enter an amount such as 1500 or 1,200.50.',
      'Choose a date or “By agreement”.',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('a typed past date is said to be past instead of vanishing', async () => {
    mockFetch((request) => (request.path === '/api/catalog' ? { status: 200, body: kCatalog } : undefined));
    renderRoutes(kRoutes, '/en/create-order');
    await screen.findByLabelText('Title');
    const input = document.querySelector<HTMLInputElement>('#order-deadline')!;
    fireEvent.input(input, { target: { value: '2020-01-15' } });
    expect(
      await screen.findByText('The deadline has passed: choose today or a later date.'),
    ).toBeInTheDocument();
    fireEvent.blur(input);
    expect(input).toHaveValue('2020-01-15');
  });

  it('a typed date the picker cannot read is said so on leaving the field', async () => {
    mockFetch((request) => (request.path === '/api/catalog' ? { status: 200, body: kCatalog } : undefined));
    renderRoutes(kRoutes, '/en/create-order');
    await screen.findByLabelText('Title');
    const input = document.querySelector<HTMLInputElement>('#order-deadline')!;
    fireEvent.input(input, { target: { value: '31/31/2031' } });
    fireEvent.blur(input);
    expect(
      await screen.findByText('Enter the date as YYYY-MM-DD or pick it in the calendar.'),
    ).toBeInTheDocument();
  });
});
