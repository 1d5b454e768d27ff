import '@/styles/admin.css';

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import { useLanguage } from '@/lib/i18n/use-language';
import { langPath } from '@/lib/routing/paths';

// The admin panel's frame: a side navigation on a desktop, a row that scrolls by itself on a phone. Every admin
// screen of every feature renders inside it; the server checks the role, the route guard is a convenience.
const kNav = [
  { id: 'dashboard', path: [] },
  { id: 'articles', path: ['articles'] },
  { id: 'faq', path: ['faq'] },
  { id: 'pages', path: ['pages'] },
  { id: 'tickets', path: ['tickets'] },
  { id: 'disputes', path: ['disputes'] },
  { id: 'payouts', path: ['payouts'] },
  { id: 'users', path: ['users'] },
  { id: 'landing_pages', path: ['landing-pages'] },
  { id: 'audit', path: ['audit'] },
] as const;

export function AdminLayout({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  return (
    <div className="page admin-layout">
      <nav className="admin-nav" aria-label={t('nav.label')}>
        {kNav.map((item) => (
          <NavLink key={item.id} to={langPath(lang, ['admin', ...item.path])} end={item.id === 'dashboard'}>
            {t(`nav.${item.id}`)}
          </NavLink>
        ))}
      </nav>
      <div className="admin-main">
        <div className="admin-title-row">
          <h1>{title}</h1>
          {actions && <div className="admin-title-actions">{actions}</div>}
        </div>
        {children}
      </div>
    </div>
  );
}
