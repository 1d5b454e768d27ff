import { Sidebar } from 'primereact/sidebar';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';

import { ImpersonationExitButton } from '@/features/identity/components/impersonation-exit-button';
import { LanguageSwitch } from '@/features/identity/components/language-switch';
import { useLogout } from '@/features/identity/hooks/use-logout';
import type { SessionStatus, SessionUser } from '@/features/identity/model/session-slice';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { kUserMenuSections, type MenuEntry } from '@/lib/routing/feature-route';
import { paths } from '@/lib/routing/paths';

export interface MobileMenuProps {
  visible: boolean;
  onHide: () => void;
  status: SessionStatus;
  user: SessionUser | null;
  menu: readonly MenuEntry[];
}

function SignedInPart({ user, menu }: { user: SessionUser; menu: readonly MenuEntry[] }) {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const logout = useLogout();
  return (
    <>
      <div className="mobile-menu-user">
        <img className="avatar" src={user.avatar ?? kDefaultAvatar} alt="" width={32} height={32} />
        <strong>{fullName(user)}</strong>
      </div>
      {user.impersonated && <ImpersonationExitButton />}
      <nav aria-label={t('user_menu.open')}>
        {kUserMenuSections.map((section) => {
          const entries = menu.filter(
            (entry) => entry.section === section && user.role >= (entry.minRole ?? 0),
          );
          if (entries.length === 0) return null;
          return (
            <div key={section} className="mobile-menu-group">
              <h3>{t(`user_menu.${section}`)}</h3>
              <ul>
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <NavLink to={entry.to(lang, user.id)}>
                      {entry.icon !== undefined && <span className={entry.icon} aria-hidden="true" />}
                      {entry.label(t)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <button type="button" className="mobile-menu-logout" onClick={() => void logout()}>
        <span className="pi pi-sign-out" aria-hidden="true" />
        {t('user_menu.logout')}
      </button>
    </>
  );
}

// Keeps Tab and Shift+Tab inside the open menu (it is modal).
function trapTab(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (first === undefined || last === undefined) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

// The phone header's menu (a drawer from the right): the top menu, the account's menu or sign-in and sign-up, and
// the language switch. Escape, the close button, the mask or any navigation closes it.
export default function MobileMenu({ visible, onHide, status, user, menu }: MobileMenuProps) {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const location = useLocation();
  const where = `${location.pathname}${location.search}`;
  const shown = useRef(where);

  useEffect(() => {
    if (shown.current === where) return;
    shown.current = where;
    if (visible) onHide();
  }, [where, visible, onHide]);

  return (
    <Sidebar
      id="mobile-menu"
      className="mobile-menu"
      visible={visible}
      position="right"
      onHide={onHide}
      role="dialog"
      aria-modal="true"
      aria-labelledby="mobile-menu-title"
      ariaCloseLabel={t('mobile_menu.close')}
      onKeyDown={trapTab}
      header={
        <h2 id="mobile-menu-title" className="mobile-menu-title">
          {t('mobile_menu.title')}
        </h2>
      }
    >
      <nav aria-label={t('nav.top')} className="mobile-menu-top">
        <ul>
          {menu
            .filter((entry) => entry.section === 'top')
            .map((entry) => (
              <li key={entry.id}>
                <NavLink to={entry.to(lang, user?.id ?? null)}>{entry.label(t)}</NavLink>
                {entry.groups?.map((group) => (
                  <ul key={group.id} className="mobile-menu-sub" aria-label={group.label(t)}>
                    {group.items.map((item) => (
                      <li key={item.id}>
                        <NavLink to={item.to(lang)}>{item.label(t)}</NavLink>
                      </li>
                    ))}
                  </ul>
                ))}
              </li>
            ))}
        </ul>
      </nav>
      {status === 'Authenticated' && user !== null ? (
        <SignedInPart user={user} menu={menu} />
      ) : status === 'Unauthenticated' ? (
        <div className="mobile-menu-auth">
          <Link to={paths.login(lang)} className="p-button p-button-outlined">
            {t('nav.login')}
          </Link>
          <Link to={paths.registration(lang)} className="p-button">
            {t('nav.registration')}
          </Link>
        </div>
      ) : null}
      <div className="mobile-menu-language">
        <span>{t('language_switch.label')}</span>
        <LanguageSwitch />
      </div>
    </Sidebar>
  );
}
