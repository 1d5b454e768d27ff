import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, NavLink } from 'react-router-dom';

import { kMenu } from '@/app/menu';
import { LanguageSwitch } from '@/features/identity/components/language-switch';
import { selectSession } from '@/features/identity/model/session-slice';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

const SignedInActions = lazy(
  () => import(/* webpackChunkName: "signed-in-actions" */ '@/app/shell/signed-in-actions'),
);

// SPEC §2 header. The messenger icon, the rest of the top menu and the admin link appear with their screens.
export function Header() {
  const { t } = useTranslation(['shell', 'common']);
  const { t: shellT } = useTranslation('shell');
  const lang = useLanguage();
  const { status, user } = useSelector(selectSession);

  return (
    <header className="site-header" id="page-header">
      <div className="header-inner">
        <Link to={paths.main(lang)} className="logo" aria-label={t('shell:home_link')}>
          <img src="/images/logo.svg" alt="" height={22} />
          <span className="logo-text">{t('common:app_name')}</span>
        </Link>
        <nav className="top-menu" aria-label={t('shell:nav.top')}>
          {kMenu
            .filter((entry) => entry.section === 'top')
            .map((entry) => (
              <NavLink key={entry.id} to={entry.to(lang, user?.id ?? null)} data-testid={`nav-${entry.id}`}>
                {entry.label(shellT)}
              </NavLink>
            ))}
        </nav>
        <div className="header-actions">
          <LanguageSwitch />
          {status === 'Authenticated' && user !== null ? (
            <Suspense fallback={null}>
              <SignedInActions user={user} menu={kMenu} />
            </Suspense>
          ) : status === 'Unauthenticated' ? (
            <nav className="auth-links" aria-label={t('shell:nav.login')}>
              <Link to={paths.login(lang)} className="p-button p-button-text p-button-sm">
                {t('shell:nav.login')}
              </Link>
              <Link to={paths.registration(lang)} className="p-button p-button-sm">
                {t('shell:nav.registration')}
              </Link>
            </nav>
          ) : null}
        </div>
      </div>
      {user?.impersonated === true && (
        <div className="impersonation-banner" role="status">
          {t('shell:impersonation.banner')}
        </div>
      )}
    </header>
  );
}
