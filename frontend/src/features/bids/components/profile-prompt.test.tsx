import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { ProfilePrompt } from '@/features/bids/components/profile-prompt';
import { renderWithStore } from '@/test/render';

describe('profile prompt after the first bid', () => {
  it('links to the profile settings', () => {
    renderWithStore(
      <MemoryRouter>
        <ProfilePrompt visible onHide={() => undefined} profilePath="/en/settings/7/personal-data" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Fill in the profile' })).toHaveAttribute(
      'href',
      '/en/settings/7/personal-data',
    );
  });
});
