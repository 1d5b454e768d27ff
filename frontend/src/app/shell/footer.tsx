import { useTranslation } from 'react-i18next';

// SPEC §2 footer; the about, articles, terms and help links appear with their screens.
export function Footer() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div>
          <strong className="footer-brand">{t('common:app_name')}</strong>
          <p className="muted">{t('shell:footer.tagline')}</p>
        </div>
        <p className="muted copyright">{t('shell:footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
