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
});
