import { fireEvent, screen } from '@testing-library/react';
import { PrimeReactProvider } from 'primereact/api';

import { ModerationDialog } from '@/features/articles/components/moderation-dialog';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithStore } from '@/test/render';

describe('moderation dialog', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('requires a reason and a comment before it asks the server', () => {
    const { requests } = mockFetch(() => undefined);
    renderWithStore(
      <PrimeReactProvider value={{ ripple: false }}>
        <ModerationDialog articleId={5} action="block" onClose={() => undefined} />
      </PrimeReactProvider>,
    );
    fireEvent.click(screen.getByTestId('moderation-confirm'));
    expect(screen.getByText('Choose a reason.')).toBeInTheDocument();
    expect(screen.getByText('Write a comment for the author.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("shows the server's 422 on the fields, in Russian", async () => {
    await i18n.changeLanguage('ru');
    const { requests } = mockFetch((request) =>
      request.path === '/api/admin/articles/5/return'
        ? {
            status: 422,
            body: {
              code: 'Validation',
              message: 'Проверьте поля.',
              errors: { comment: ['Слишком коротко.'] },
            },
          }
        : undefined,
    );
    renderWithStore(
      <PrimeReactProvider value={{ ripple: false }}>
        <ModerationDialog articleId={5} action="return" onClose={() => undefined} />
      </PrimeReactProvider>,
    );
    fireEvent.click(
      document
        .querySelector('#moderation-reason')!
        .closest('.p-dropdown')!
        .querySelector('.p-dropdown-trigger')!,
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Плагиат', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Комментарий для автора' }), {
      target: { value: 'x' },
    });
    fireEvent.click(screen.getByTestId('moderation-confirm'));
    expect(await screen.findByText('Слишком коротко.')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ reason: 'plagiarism', comment: 'x' });
  });
});
