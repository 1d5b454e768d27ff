import { act, render, screen } from '@testing-library/react';

import { ToastHost } from '@/components/toast-host';
import { ToastStore } from '@/lib/toast/toast-store';

describe('ToastHost', () => {
  it('renders at most three toasts from the store', async () => {
    const store = new ToastStore();
    render(<ToastHost store={store} />);
    act(() => {
      for (const summary of ['first', 'second', 'third', 'fourth'])
        store.show({ severity: 'error', summary });
    });
    expect(await screen.findByText('fourth')).toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();
    expect(screen.getByText('third')).toBeInTheDocument();
    expect(screen.queryByText('first')).toBeNull();
    act(() => store.clear());
  });

  it('draws identical toasts as one, with their count', async () => {
    const store = new ToastStore();
    render(<ToastHost store={store} />);
    act(() => {
      for (let i = 0; i < 3; i += 1) store.show({ severity: 'error', summary: 'Service unavailable' });
    });
    expect(await screen.findByTestId('toast-count')).toHaveTextContent('×3');
    expect(screen.getAllByText('Service unavailable')).toHaveLength(1);
    act(() => store.clear());
  });
});
