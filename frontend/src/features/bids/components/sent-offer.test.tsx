import { screen } from '@testing-library/react';

import { InvitationBox } from '@/features/bids/components/invitation-box';
import { SentOffer } from '@/features/bids/components/sent-offer';
import type { Invitation } from '@/lib/api/schema.generated';
import { i18n } from '@/lib/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000 + 30_000).toISOString();

const kInvitation: Invitation = {
  id: 3,
  order_id: 42,
  order_name: 'Logo for a bakery',
  customer: { id: 7, name: 'Anna', lastname: 'Petrova', avatar: null },
  performer: { id: 9, name: 'Ivan', lastname: 'Petrov', avatar: null },
  status: 'pending',
  created_at: inHours(-1),
  expires_at: inHours(23),
};

describe('personal offers', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows the customer to whom the order went, that it is pending, and the time left', async () => {
    await i18n.changeLanguage('ru');
    mockFetch((request) =>
      request.path === '/api/invitations' && request.query.get('as') === 'customer'
        ? {
            status: 200,
            body: {
              items: [
                kInvitation,
                {
                  ...kInvitation,
                  id: 4,
                  order_id: 50,
                  performer: { ...kInvitation.performer, name: 'Other' },
                },
              ],
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/:lang/order/:id', element: <SentOffer orderId={42} /> }], '/ru/order/42');
    const offer = await screen.findByTestId('sent-offer');
    expect(offer).toHaveTextContent('Ivan Petrov');
    expect(offer).not.toHaveTextContent('Other');
    expect(offer).toHaveTextContent('Ждёт ответа');
    expect(screen.getByTestId('invitation-countdown')).toHaveTextContent('Осталось 23 ч 0 мин');
  });

  it("counts down the performer's 24 hours on the invitation card", async () => {
    renderRoutes(
      [
        {
          path: '/:lang/order/:id',
          element: <InvitationBox invitation={{ ...kInvitation, expires_at: inHours(5) }} />,
        },
      ],
      '/en/order/42',
    );
    expect(await screen.findByTestId('invitation-countdown')).toHaveTextContent('5 hr 0 min left');
  });
});
