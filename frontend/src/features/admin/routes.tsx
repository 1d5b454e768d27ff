import type { AdminUserPageProps } from '@/features/admin/pages/user-page';
import { adminPaths } from '@/features/admin/paths';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const DashboardPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin" */ '@/features/admin/pages/dashboard-page'),
);
const UsersPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-users" */ '@/features/admin/pages/users-page'),
);
const UserPage = lazyRoute<AdminUserPageProps>(
  () => import(/* webpackChunkName: "route-admin-user" */ '@/features/admin/pages/user-page'),
);
const AuditPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-audit" */ '@/features/admin/pages/audit-page'),
);

export type AdminSlots = AdminUserPageProps;

// SPEC §2 admin routes of the admin panel itself (the dashboard 'Админка', users, the audit log); the other admin
// screens come from their features. The guard (identity's RequireAdmin) is a convenience: the server checks.
export function adminRoutes(slots: AdminSlots): FeatureRoute[] {
  return [
    { path: 'admin', element: <DashboardPage />, access: 'admin' },
    { path: 'admin/users', element: <UsersPage />, access: 'admin' },
    { path: 'admin/users/:id', element: <UserPage Impersonate={slots.Impersonate} />, access: 'admin' },
    { path: 'admin/audit', element: <AuditPage />, access: 'admin' },
  ];
}

// The avatar menu's link to the admin panel, for role ≥ 1 only.
export const adminMenu: MenuEntry[] = [
  {
    section: 'settings',
    id: 'admin',
    label: (t) => t('user_menu.admin'),
    icon: 'pi pi-shield',
    minRole: 1,
    to: (lang) => adminPaths.dashboard(lang),
  },
];
