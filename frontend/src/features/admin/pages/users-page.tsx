import '@/styles/admin.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { KeysetPages } from '@/components/keyset-pages';
import { QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useListAdminUsersQuery, type UserStatus } from '@/features/admin/api/admin-api';
import { RoleBadge, UserStatusBadge } from '@/features/admin/components/user-status';
import {
  readUserFilters,
  toUsersArgs,
  writeUserFilters,
  type UserFilters,
} from '@/features/admin/model/user-filters';
import { adminPaths } from '@/features/admin/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatDate, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

function UsersPage({
  filters,
  cursor,
  last,
  onMore,
}: {
  filters: UserFilters;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const result = useListAdminUsersQuery(toUsersArgs(filters, cursor));
  return (
    <QueryState
      result={result}
      isEmpty={(data) => cursor === undefined && data.items.length === 0}
      empty={<p className="muted">{t('users.empty')}</p>}
    >
      {(data) => (
        <>
          {data.items.map((user) => (
            <div key={user.id} className="admin-row" role="row" data-testid="admin-user-row">
              <span className="admin-cell admin-cell-main" role="cell">
                <Link to={adminPaths.user(lang, user.id)} className="person-link">
                  <img className="avatar" src={user.avatar ?? kDefaultAvatar} alt="" width={32} height={32} />
                  <span>{fullName(user)}</span>
                </Link>
                <span className="muted admin-email">{user.email}</span>
              </span>
              <span className="admin-cell" role="cell" data-label={t('users.columns.id')}>
                {user.id}
              </span>
              <span className="admin-cell" role="cell" data-label={t('users.columns.role')}>
                <RoleBadge role={user.role} />
              </span>
              <span className="admin-cell" role="cell" data-label={t('users.columns.status')}>
                <UserStatusBadge user={user} />
              </span>
              <span className="admin-cell" role="cell" data-label={t('users.columns.created')}>
                {formatDate(user.created_at, lang)}
              </span>
              <span className="admin-cell" role="cell" data-label={t('users.columns.seen')}>
                {user.last_seen_at === null ? '—' : formatDate(user.last_seen_at, lang)}
              </span>
            </div>
          ))}
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// admin/users: search by name, e-mail or id; role and status filters (in the URL); keyset "show more".
export default function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useSearchParams();
  const filters = readUserFilters(search);
  const [text, setText] = useState(filters.q);
  useDocumentTitle(t('users.title'));
  const apply = (patch: Partial<UserFilters>) =>
    setSearch(writeUserFilters({ ...filters, ...patch }), { replace: true });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: text.trim() });
  };
  // 'any' rather than null: PrimeReact's Dropdown shows null as "nothing chosen" (an empty box).
  const roleOptions = [
    { value: 'any', label: t('users.role.any') },
    { value: 0, label: t('users.role.user') },
    { value: 1, label: t('users.role.admin') },
  ];
  const statusOptions: { value: UserStatus | 'any'; label: string }[] = [
    { value: 'any', label: t('users.status.any') },
    { value: 'active', label: t('users.status.active') },
    { value: 'blocked', label: t('users.status.blocked') },
    { value: 'unverified', label: t('users.status.unverified') },
  ];
  return (
    <AdminLayout title={t('users.title')}>
      <form className="admin-filters" role="search" onSubmit={onSubmit}>
        <span className="p-input-icon-left admin-search">
          <InputText
            value={text}
            aria-label={t('users.search')}
            placeholder={t('users.search')}
            onChange={(event) => setText(event.target.value)}
            data-testid="admin-users-search"
          />
        </span>
        <Dropdown
          value={filters.role ?? 'any'}
          options={roleOptions}
          aria-label={t('users.role.label')}
          onChange={(event) => {
            const role = event.value as 0 | 1 | 'any';
            apply({ role: role === 'any' ? null : role });
          }}
        />
        <Dropdown
          value={filters.status ?? 'any'}
          options={statusOptions}
          aria-label={t('users.status.label')}
          onChange={(event) => {
            const status = event.value as UserStatus | 'any';
            apply({ status: status === 'any' ? null : status });
          }}
          data-testid="admin-users-status"
        />
        <Button type="submit" icon="pi pi-search" label={t('users.find')} />
      </form>
      <div className="admin-table admin-users" role="table" aria-label={t('users.title')}>
        <div className="admin-row admin-head" role="row">
          <span role="columnheader">{t('users.columns.user')}</span>
          <span role="columnheader">{t('users.columns.id')}</span>
          <span role="columnheader">{t('users.columns.role')}</span>
          <span role="columnheader">{t('users.columns.status')}</span>
          <span role="columnheader">{t('users.columns.created')}</span>
          <span role="columnheader">{t('users.columns.seen')}</span>
        </div>
        <KeysetPages key={search.toString()}>
          {(page) => <UsersPage filters={filters} {...page} />}
        </KeysetPages>
      </div>
    </AdminLayout>
  );
}
