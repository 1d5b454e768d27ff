import '@/styles/admin.css';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { QueryState } from '@/components/query-state';
import { useGetAdminDashboardQuery, type AdminDashboard } from '@/features/admin/api/admin-api';
import { adminPaths } from '@/features/admin/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatNumber } from '@/lib/format/format';
import type { Language } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';
import { langPath, paths } from '@/lib/routing/paths';

type TileKey =
  | 'users'
  | 'new_week'
  | 'blocked'
  | 'orders'
  | 'open_orders'
  | 'moderation'
  | 'tickets'
  | 'vacancies'
  | 'resumes';

interface Tile {
  key: TileKey;
  icon: string;
  value: (data: AdminDashboard) => number;
  to: (lang: Language) => string;
}

// Each count opens the list it counts.
const kTiles: Tile[] = [
  { key: 'users', icon: 'pi pi-users', value: (d) => d.users.total, to: (l) => adminPaths.users(l) },
  {
    key: 'new_week',
    icon: 'pi pi-user-plus',
    value: (d) => d.users.new_week,
    to: (l) => adminPaths.users(l),
  },
  {
    key: 'blocked',
    icon: 'pi pi-ban',
    value: (d) => d.users.blocked,
    to: (l) => adminPaths.users(l, 'status=blocked'),
  },
  { key: 'orders', icon: 'pi pi-briefcase', value: (d) => d.orders.total, to: (l) => paths.orders(l) },
  { key: 'open_orders', icon: 'pi pi-folder-open', value: (d) => d.orders.open, to: (l) => paths.orders(l) },
  {
    key: 'moderation',
    icon: 'pi pi-file-edit',
    value: (d) => d.articles.moderation,
    to: (l) => adminPaths.articles(l),
  },
  { key: 'tickets', icon: 'pi pi-inbox', value: (d) => d.tickets.open, to: (l) => adminPaths.tickets(l) },
  {
    key: 'vacancies',
    icon: 'pi pi-id-card',
    value: (d) => d.vacancies.published,
    to: (l) => paths.vacancies(l),
  },
  {
    key: 'resumes',
    icon: 'pi pi-file',
    value: (d) => d.resumes.published,
    to: (l) => langPath(l, ['resumes']),
  },
];

// admin: 'Админка' — the counts, each a link to its list.
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const result = useGetAdminDashboardQuery();
  useDocumentTitle(t('dashboard.title'));
  return (
    <AdminLayout title={t('dashboard.title')}>
      <QueryState result={result}>
        {(data) => (
          <ul className="admin-tiles" data-testid="admin-tiles">
            {kTiles.map((tile) => (
              <li key={tile.key}>
                <Link className="admin-tile" to={tile.to(lang)} data-testid={`tile-${tile.key}`}>
                  <span className={tile.icon} aria-hidden="true" />
                  <strong>{formatNumber(tile.value(data), lang)}</strong>
                  <span>{t(`dashboard.${tile.key}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </AdminLayout>
  );
}
