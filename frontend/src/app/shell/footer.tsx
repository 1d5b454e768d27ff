import { useTranslation } from 'react-i18next';

// SPEC §2 footer; the about, articles, terms and help links appear with their screens.
export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div>
          <strong className="footer-brand">Artel</strong>
          <p className="muted">{t('footer.tagline')}</p>
        </div>
        <p className="muted copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
