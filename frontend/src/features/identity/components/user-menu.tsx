import type { CSSTransitionProps } from 'primereact/csstransition';
import { Menu } from 'primereact/menu';
import type { MenuItem, MenuItemCommandEvent } from 'primereact/menuitem';
import { useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { useLogout } from '@/features/identity/hooks/use-logout';
import type { SessionUser } from '@/features/identity/model/session-slice';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { kUserMenuSections, type MenuEntry } from '@/lib/routing/feature-route';

const kNoTransition: CSSTransitionProps = { disabled: true, timeout: 0 };

export interface UserMenuProps {
  user: SessionUser;
  entries: readonly MenuEntry[];
}

export function UserMenu({ user, entries }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const navigate = useNavigate();
  const menu = useRef<Menu>(null);
  const onLogout = useLogout();

  // A real link (`url`), so it opens in a new tab with Ctrl/Cmd/Shift or the middle button; a plain click (or
  // Enter) navigates inside the SPA. PrimeReact calls the command twice for a linked item (the item and its
  // row both handle the click): the first call marks the event handled.
  const follow = (to: string) => (event: MenuItemCommandEvent) => {
    const click = event.originalEvent as MouseEvent<HTMLElement>;
    if (click.defaultPrevented) return;
    if (click.ctrlKey || click.metaKey || click.shiftKey || click.altKey || click.button > 0) return;
    click.preventDefault();
    navigate(to);
  };

  // The features' entries, grouped (the app collects them; only screens that exist have one).
  const items: MenuItem[] = [
    ...kUserMenuSections
      .map((section) => ({
        label: t(`user_menu.${section}`),
        items: entries
          .filter((entry) => entry.section === section && user.role >= (entry.minRole ?? 0))
          .map((entry) => {
            const to = entry.to(lang, user.id);
            return { label: entry.label(t), icon: entry.icon, url: to, command: follow(to) };
          }),
      }))
      .filter((group) => group.items.length > 0),
    { separator: true },
    { label: t('user_menu.logout'), icon: 'pi pi-sign-out', command: () => void onLogout() },
  ];

  const name = fullName(user);
  return (
    <div className="user-menu">
      {/* No enter/exit transition: react-transition-group's exit could stop half-way when the chosen item's
          navigation re-rendered the header in the same moment (seen under load), leaving the closed menu in the
          page, invisible, catching clicks and widening the document. Without it the menu is simply removed. */}
      <Menu
        model={items}
        popup
        ref={menu}
        id="user-menu-popup"
        popupAlignment="right"
        transitionOptions={kNoTransition}
      />
      <button
        type="button"
        className="user-menu-button"
        aria-label={t('user_menu.open')}
        aria-haspopup="menu"
        aria-controls="user-menu-popup"
        onClick={(event) => menu.current?.toggle(event)}
      >
        <img className="avatar" src={user.avatar ?? kDefaultAvatar} alt="" width={32} height={32} />
        <span className="user-name" data-testid="header-user-name">
          {name}
        </span>
        <span className="pi pi-angle-down" aria-hidden="true" />
      </button>
    </div>
  );
}
