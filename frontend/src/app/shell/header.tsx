import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, NavLink } from 'react-router-dom';

import { kMenu } from '@/app/menu';
import { kShellSlots } from '@/app/slots';
import { LanguageSwitch } from '@/features/identity/components/language-switch';
import { selectSession } from '@/features/identity/model/session-slice';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

const SignedInActions = lazy(
  () => import(/* webpackChunkName: "signed-in-actions" */ '@/app/shell/signed-in-actions'),
);
// Loaded on the first tap of the menu button.
const MobileMenu = lazy(() => import(/* webpackChunkName: "mobile-menu" */ '@/app/shell/mobile-menu'));

// SPEC §2 header. The messenger icon (with the unread total) and the bell for signed-in users. The rest of the top menu and the admin link appear with their screens.
// Up to 760 px (lib/layout/phone) the top menu, language switch and account controls move into the menu button's
// drawer; the messenger icon and the bell stay.
export function Header() {
  const { t } = useTranslation(['shell', 'common']);
  const { t: shellT } = useTranslation('shell');
  const lang = useLanguage();
  const { status, user } = useSelector(selectSession);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { NotificationsBell, MessengerLink } = kShellSlots;

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

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
            .map((entry) =>
              entry.groups === undefined ? (
                <NavLink key={entry.id} to={entry.to(lang, user?.id ?? null)} data-testid={`nav-${entry.id}`}>
                  {entry.label(shellT)}
                </NavLink>
              ) : (
                // The dropdown opens on hover and on keyboard focus (CSS), its groups under headings.
                <div key={entry.id} className="top-dropdown" data-testid={`nav-${entry.id}-menu`}>
                  <NavLink
                    to={entry.to(lang, user?.id ?? null)}
                    data-testid={`nav-${entry.id}`}
                    aria-haspopup="true"
                  >
                    {entry.label(shellT)} <span className="pi pi-angle-down" aria-hidden="true" />
                  </NavLink>
                  <div className="top-dropdown-panel">
                    {entry.groups.map((group) => (
                      <div key={group.id} className="top-dropdown-group">
                        <span className="top-dropdown-title">{group.label(shellT)}</span>
                        {group.items.map((item) => (
                          <Link key={item.id} to={item.to(lang)} data-testid={`nav-${item.id}`}>
                            {item.label(shellT)}
                          </Link>
                        ))}
                      </div>
                    ))}
                  </div>
                </div>
              ),
            )}
        </nav>
        <div className="header-actions">
          {status === 'Authenticated' && user !== null && (
            <Suspense fallback={null}>
              <MessengerLink unread={user.unreadCount} />
              <NotificationsBell />
            </Suspense>
          )}
          <div className="header-account">
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
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-label={t('shell:mobile_menu.open')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            data-testid="mobile-menu-button"
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <span className="pi pi-bars" aria-hidden="true" />
          </button>
        </div>
      </div>
      {user?.impersonated === true && (
        <div className="impersonation-banner" role="status">
          {t('shell:impersonation.banner')}
        </div>
      )}
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu visible={menuOpen} onHide={closeMenu} status={status} user={user} menu={kMenu} />
        </Suspense>
      )}
    </header>
  );
}
