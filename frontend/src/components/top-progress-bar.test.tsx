import { act, render, screen } from '@testing-library/react';

import { TopProgressBar } from '@/components/top-progress-bar';
import { ProgressStore, type LoadHandle } from '@/lib/progress/progress-store';

describe('TopProgressBar', () => {
  it('shows the average while a load runs and hides at 0 and 100', () => {
    const store = new ProgressStore();
    render(<TopProgressBar store={store} />);
    expect(screen.queryByRole('progressbar', { name: 'Page loading progress' })).toBeNull();

    let load: LoadHandle = store.start();
    load.finish();
    act(() => {
      store.start();
      load = store.start();
    });
    const bar = screen.getByRole('progressbar', { name: 'Page loading progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');

    act(() => load.progress(80));
    expect(screen.getByRole('progressbar', { name: 'Page loading progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );

    act(() => {
      load.finish();
    });
    expect(screen.getByRole('progressbar', { name: 'Page loading progress' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
  });
});
