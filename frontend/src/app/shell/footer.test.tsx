import { screen } from '@testing-library/react';

import { Footer } from '@/app/shell/footer';
import { i18n } from '@/lib/i18n/i18n';
import { renderRoutes } from '@/test/render';

describe('footer', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('links about, articles, terms, help and Telegram, with the current year (ru)', async () => {
    await i18n.changeLanguage('ru');
    renderRoutes([{ path: '/:lang', element: <Footer /> }], '/ru');
    expect(screen.getByRole('link', { name: 'О проекте' })).toHaveAttribute('href', '/ru/about');
    expect(screen.getByRole('link', { name: 'Статьи' })).toHaveAttribute('href', '/ru/articles');
    expect(screen.getByRole('link', { name: 'Соглашение' })).toHaveAttribute('href', '/ru/agreement');
    expect(screen.getByRole('link', { name: 'Помощь' })).toHaveAttribute('href', '/ru/help');
    expect(screen.getByRole('link', { name: /Telegram/ })).toHaveAttribute(
      'href',
      'https://t.me/artel_market',
    );
    expect(screen.getByText(`© ${new Date().getFullYear()} Artel`)).toBeInTheDocument();
  });
});
