import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// SPEC §6: a guest who votes sees this: log in (and come back here, as identity's guards return) or sign up.
export function LoginPrompt({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const location = useLocation();
  const state = { from: location.pathname + location.search };
  return (
    <Dialog
      header={t('page.login_title')}
      visible={visible}
      onHide={onHide}
      className="login-prompt"
      style={{ width: 'min(28rem, 94vw)' }}
      dismissableMask
    >
      <p>{t('page.login_text')}</p>
      <div className="card-actions">
        <Link className="p-button" to={paths.login(lang)} state={state}>
          {t('page.login')}
        </Link>
        <Link className="p-button p-button-outlined" to={paths.registration(lang)} state={state}>
          {t('page.registration')}
        </Link>
      </div>
    </Dialog>
  );
}
