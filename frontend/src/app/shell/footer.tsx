import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { helpPaths } from '@/features/help/paths';
import { useLanguage } from '@/lib/i18n/use-language';
import { langPath } from '@/lib/routing/paths';

export const kTelegramUrl = 'https://t.me/artel_market';

// SPEC §2 footer: the social link, about, articles, terms, help and the current year.
export function Footer() {
  const { t } = useTranslation(['shell', 'common']);
  const lang = useLanguage();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div>
          <strong className="footer-brand">{t('common:app_name')}</strong>
          <p className="muted">{t('shell:footer.tagline')}</p>
        </div>
        <nav className="footer-links" aria-label={t('shell:footer.nav_label')} data-testid="footer-links">
          <Link to={helpPaths.page(lang, 'about')}>{t('shell:footer.about')}</Link>
          <Link to={langPath(lang, ['articles'])}>{t('shell:footer.articles')}</Link>
          <Link to={helpPaths.page(lang, 'agreement')}>{t('shell:footer.agreement')}</Link>
          <Link to={helpPaths.index(lang)}>{t('shell:footer.help')}</Link>
          <a href={kTelegramUrl} target="_blank" rel="noopener noreferrer">
            <span className="pi pi-telegram" aria-hidden="true" /> {t('shell:footer.telegram')}
          </a>
        </nav>
        <p className="muted copyright">{t('shell:footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
