import { useTranslation } from 'react-i18next';

import type { AdminUser } from '@/features/admin/api/admin-api';

// The account's state as a badge: blocked wins over unverified.
export function UserStatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const status = user.blocked !== null ? 'blocked' : user.email_verified ? 'active' : 'unverified';
  return (
    <span className={`admin-badge admin-badge-${status}`} data-testid="user-status">
      {t(`users.status.${status}`)}
    </span>
  );
}

export function RoleBadge({ role }: { role: number }) {
  const { t } = useTranslation('admin');
  return <span className="admin-badge">{role >= 1 ? t('users.role.admin') : t('users.role.user')}</span>;
}
