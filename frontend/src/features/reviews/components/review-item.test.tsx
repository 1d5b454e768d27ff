import { screen, within } from '@testing-library/react';

import { ReviewItem } from '@/features/reviews/components/review-item';
import type { Review } from '@/lib/api/schema.generated';
import { i18n } from '@/lib/i18n/i18n';
import { renderRoutes } from '@/test/render';

const kReview: Review = {
  id: 5,
  order_id: 42,
  order_name: 'Logo for a bakery',
  order_personal: false,
  author: { id: 7, name: 'Anna', lastname: 'Petrova', avatar: null },
  target: { id: 9, name: 'Ivan', lastname: 'Petrov', avatar: null },
  author_role: 'customer',
  rating: 5,
  text: 'Everything on time',
  reply: null,
  replied_at: null,
  created_at: '2026-11-20T10:00:00Z',
};

// A personal order the viewer is no party of: the server withholds its id and name (issue 14, finding 3).
const kWithheld: Review = { ...kReview, id: 6, order_id: null, order_name: null, order_personal: true };

function renderReview(review: Review, lang: 'en' | 'ru') {
  renderRoutes(
    [
      {
        path: '/:lang/freelancer/:id/reviews',
        element: <ReviewItem review={review} viewerId={null} showOrder />,
      },
    ],
    `/${lang}/freelancer/9/reviews`,
  );
  return screen.getByTestId('review-order');
}

describe('the order of a review', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('links a visible order by its name', () => {
    const order = renderReview(kReview, 'en');
    expect(order).toHaveTextContent('Order: Logo for a bakery');
    expect(within(order).getByRole('link', { name: 'Logo for a bakery' })).toHaveAttribute(
      'href',
      '/en/order/42',
    );
  });

  it.each([
    ['en', 'A personal order'],
    ['ru', 'Личный заказ'],
  ] as const)('shows a withheld personal order as such, without a link (%s)', async (lang, text) => {
    await i18n.changeLanguage(lang);
    const order = renderReview(kWithheld, lang);
    expect(order).toHaveTextContent(text);
    expect(order).not.toHaveTextContent('null');
    expect(within(order).queryByRole('link')).toBeNull();
  });
});
