import { screen } from '@testing-library/react';

import { UserProfile } from '@/components/user-profile';
import { i18n } from '@/lib/i18n/i18n';
import { renderRoutes } from '@/test/render';

const kUser = {
  id: 3,
  name: 'Анна',
  lastname: 'Новикова',
  avatar: null,
  created_at: '2026-01-10T10:00:00Z',
  as_performer: { average: 4, count: 3 },
  as_customer: { average: null, count: 0 },
};

describe('public profile card', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the rating with the language’s decimal sign', async () => {
    await i18n.changeLanguage('ru');
    const element = (
      <UserProfile user={kUser} side="performer" viewerId={null}>
        {null}
      </UserProfile>
    );
    renderRoutes([{ path: '/:lang/freelancer/:id/reviews', element }], '/ru/freelancer/3/reviews');
    expect(await screen.findByText(/4,0 из 5/)).toBeInTheDocument();
  });
});
