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
import { paths } from '@/lib/routing/paths';

export interface UserMenuProps {
  user: SessionUser;
}

export function UserMenu({ user }: UserMenuProps) {
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

  // Only entries whose screens exist (portfolio, prices, resumes, vacancies, companies come later).
  const items: MenuItem[] = [
    {
      label: t('user_menu.freelancer'),
      items: [
        {
          label: t('user_menu.my_work'),
          icon: 'pi pi-briefcase',
          command: () => navigate(paths.freelancerPage(lang, user.id, 'orders')),
        },
        {
          label: t('user_menu.reviews_about_me'),
          icon: 'pi pi-star',
          command: () => navigate(paths.freelancerPage(lang, user.id, 'reviews')),
        },
      ],
    },
    {
      label: t('user_menu.customer'),
      items: [
        {
          label: t('user_menu.my_orders'),
          icon: 'pi pi-list',
          command: () => navigate(paths.customerPage(lang, user.id, 'orders')),
        },
        {
          label: t('user_menu.customer_reviews'),
          icon: 'pi pi-star',
          command: () => navigate(paths.customerPage(lang, user.id, 'reviews')),
        },
      ],
    },
    {
      label: t('user_menu.settings'),
      items: [
        {
          label: t('user_menu.personal_data'),
          icon: 'pi pi-user',
          command: () => navigate(paths.settingsPage(lang, user.id, 'personal-data')),
        },
        {
          label: t('user_menu.change_password'),
          icon: 'pi pi-lock',
          command: () => navigate(paths.settingsPage(lang, user.id, 'change-password')),
        },
      ],
    },
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
