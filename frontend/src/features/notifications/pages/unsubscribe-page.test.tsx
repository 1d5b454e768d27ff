import { fireEvent, screen } from '@testing-library/react';

import UnsubscribePage, { kindsOf } from '@/features/notifications/pages/unsubscribe-page';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

// A digest's link names every kind the digest held; an immediate mail's, its one kind.
const kDigestToken = '42.bid_received,deal_funded.email.c2lnbmF0dXJl';

describe('the unsubscribe page', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads the kinds of a token and refuses what is not one', () => {
    expect(kindsOf(kDigestToken)).toEqual(['bid_received', 'deal_funded']);
    expect(kindsOf('42.bid_received.email.sig')).toEqual(['bid_received']);
    expect(kindsOf('42.bid_received,.email.sig')).toBeNull();
    expect(kindsOf('42.Bid.email.sig')).toBeNull();
    expect(kindsOf('42.bid_received.email')).toBeNull();
  });

  it('names every kind of a digest in Russian, and posts the token once asked', async () => {
    await i18n.changeLanguage('ru');
    const { requests } = mockFetch((request) =>
      request.path === '/api/notifications/unsubscribe'
        ? {
            status: 200,
            body: {
              kinds: [
                { kind: 'bid_received', label_key: 'notifications:kinds.bid_received.label' },
                { kind: 'deal_funded', label_key: 'notifications:kinds.deal_funded.label' },
              ],
              channel: 'email',
            },
          }
        : undefined,
    );
    renderRoutes(
      [{ path: '/:lang/unsubscribe', element: <UnsubscribePage /> }],
      `/ru/unsubscribe?token=${encodeURIComponent(kDigestToken)}`,
    );
    expect(
      await screen.findByText('Больше не присылать письма «Новая заявка на ваш заказ» и «Этап оплачен»?'),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Отписаться' }));
    expect(
      await screen.findByText(
        'Готово: письма «Новая заявка на ваш заказ» и «Этап оплачен» больше не придут.',
      ),
    ).toBeInTheDocument();
    const posted = requests.find((r) => r.path === '/api/notifications/unsubscribe');
    expect(posted?.query.get('token')).toBe(kDigestToken);
  });
});
