import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { useLogoutMutation } from '@/features/identity/api/identity-api';
import { kDefaultAvatar } from '@/lib/default-avatar';
import type { SessionUser } from '@/features/identity/model/session-slice';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { baseApi } from '@/lib/api/base-api';
import { fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import type { MenuEntry } from '@/lib/routing/feature-route';
import { paths } from '@/lib/routing/paths';

export interface UserMenuProps {
  user: SessionUser;
  entries: readonly MenuEntry[];
}

const kUserMenuSections = ['freelancer', 'customer', 'settings'] as const;

export function UserMenu({ user, entries }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const menu = useRef<Menu>(null);
  const [logout] = useLogoutMutation();

  const onLogout = async () => {
    const result = await logout();
    if ('error' in result) return;
    dispatch(baseApi.util.resetApiState());
    navigate(paths.main(lang));
  };

  // The features' entries, grouped (the app collects them; only screens that exist have one).
  const items: MenuItem[] = [
    ...kUserMenuSections
      .map((section) => ({
        label: t(`user_menu.${section}`),
        items: entries
          .filter((entry) => entry.section === section)
          .map((entry) => ({
            label: entry.label(t),
            icon: entry.icon,
            command: () => navigate(entry.to(lang, user.id)),
          })),
      }))
      .filter((group) => group.items.length > 0),
    { separator: true },
    { label: t('user_menu.logout'), icon: 'pi pi-sign-out', command: () => void onLogout() },
  ];

  const name = fullName(user);
  return (
    <div className="user-menu">
      <Menu model={items} popup ref={menu} id="user-menu-popup" popupAlignment="right" />
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
