import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import { ReviewForm } from '@/features/companies/components/review-form';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kRoutes = [{ path: '/:lang/employer/:id', element: <ReviewForm companyId={3} review={null} /> }];

function starOf(group: string, index: number) {
  const rating = screen.getByTestId(group);
  return rating.querySelectorAll('.p-rating-item')[index]!;
}

describe('company review form', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('asks for a rating before sending anything, in both languages', async () => {
    const { requests } = mockFetch(() => undefined);
    renderRoutes(kRoutes, '/en/employer/3');
    fireEvent.click(screen.getByRole('button', { name: 'Publish the review' }));
    expect(await screen.findByText('Rate please')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
    expect(await screen.findByText('Поставьте оценку')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('sends the rating, the axes and the anonymous choice, and shows the server errors under their fields', async () => {
    const { requests } = mockFetch((request) =>
      request.method === 'PUT'
        ? {
            status: 422,
            body: {
              code: 'ValidationFailed',
              message: 'Please correct the highlighted fields.',
              errors: { pros: ['Too long.'] },
            },
          }
        : undefined,
    );
    renderRoutes(kRoutes, '/en/employer/3');
    fireEvent.click(starOf('review-rating', 3));
    fireEvent.click(screen.getByLabelText('Post anonymously (the company will not know who wrote it)'));
    fireEvent.change(screen.getByLabelText('Pros'), { target: { value: 'Kind people' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish the review' }));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    expect(screen.queryByText('Rate please')).not.toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/companies/3/review');
    expect(put?.body).toMatchObject({ rating: 4, anonymous: true, pros: 'Kind people', salary: null });
    await waitFor(() => expect(screen.getByLabelText('Pros')).toHaveAttribute('aria-invalid', 'true'));
  });
});
