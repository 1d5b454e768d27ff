import '@/styles/admin.css';

import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import {
  useGetAdminUserQuery,
  useSetUserRoleMutation,
  useUnblockUserMutation,
  type AdminUserDetail,
} from '@/features/admin/api/admin-api';
import { BlockDialog } from '@/features/admin/components/block-dialog';
import { RoleBadge, UserStatusBadge } from '@/features/admin/components/user-status';
import { adminPaths } from '@/features/admin/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatDateTime, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';
import { showToast } from '@/lib/toast/toast-store';

export interface AdminUserPageProps {
  // identity's "Act as this user" (POST /api/admin/users/{id}/impersonate); the app fills the slot.
  Impersonate: ComponentType<{ userId: number; disabled?: boolean }>;
}

function Summary({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const counts = ['orders', 'bids', 'vacancies', 'resumes', 'articles'] as const;
  return (
    <section className="card admin-user-summary">
      <div className="admin-user-head">
        <img className="avatar" src={user.avatar ?? kDefaultAvatar} alt="" width={64} height={64} />
        <div>
          <h2 data-testid="admin-user-name">{fullName(user)}</h2>
          <div className="muted admin-email">{user.email}</div>
          <div className="admin-badges">
            <RoleBadge role={user.role} />
            <UserStatusBadge user={user} />
          </div>
          <Link to={paths.freelancer(lang, user.id)}>{t('users.public_profile')}</Link>
        </div>
      </div>
      <dl className="admin-facts">
        <dt>{t('users.columns.id')}</dt>
        <dd>{user.id}</dd>
        <dt>{t('users.language')}</dt>
        <dd>{user.lang}</dd>
        <dt>{t('users.columns.created')}</dt>
        <dd>{formatDateTime(user.created_at, lang)}</dd>
        <dt>{t('users.columns.seen')}</dt>
        <dd>{user.last_seen_at === null ? '—' : formatDateTime(user.last_seen_at, lang)}</dd>
        {counts.map((key) => (
          <div key={key} className="admin-fact">
            <dt>{t(`users.counts.${key}`)}</dt>
            <dd>{user.counts[key]}</dd>
          </div>
        ))}
      </dl>
      {user.blocked !== null && (
        <div className="admin-blocked" role="status" data-testid="blocked-note">
          <strong>
            {t('users.blocked_at', {
              date: formatDateTime(user.blocked.at, lang),
              name: user.blocked.by === null ? '—' : fullName(user.blocked.by),
            })}
          </strong>
          <p>{user.blocked.reason}</p>
        </div>
      )}
    </section>
  );
}

function Actions({ user, Impersonate }: { user: AdminUserDetail } & AdminUserPageProps) {
  const { t } = useTranslation(['admin', 'common']);
  const viewer = useViewer();
  const [blocking, setBlocking] = useState(false);
  const [unblock, unblocking] = useUnblockUserMutation();
  const [setRole, settingRole] = useSetUserRoleMutation();
  const self = viewer.id === user.id;
  const admin = user.role >= 1;

  const onRole = (role: 0 | 1) =>
    confirmDialog({
      header: t('admin:users.role.change'),
      message: role >= 1 ? t('admin:users.role.confirm_admin') : t('admin:users.role.confirm_user'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common:yes'),
      rejectLabel: t('common:no'),
      accept: () => {
        void setRole({ id: user.id, body: { role } }).then((result) => {
          if ('data' in result && result.data !== undefined)
            showToast({ severity: 'success', summary: t('admin:users.role.done') });
        });
      },
    });
  const onUnblock = () =>
    confirmDialog({
      header: t('admin:users.unblock.title'),
      message: t('admin:users.unblock.confirm'),
      icon: 'pi pi-question-circle',
      acceptLabel: t('common:yes'),
      rejectLabel: t('common:no'),
      accept: () => {
        void unblock({ id: user.id, emptyObject: {} }).then((result) => {
          if ('data' in result && result.data !== undefined)
            showToast({ severity: 'success', summary: t('admin:users.unblock.done') });
        });
      },
    });

  return (
    <section className="card admin-user-actions">
      <h2>{t('admin:users.actions')}</h2>
      <div className="field">
        <label className="field-label" htmlFor="admin-user-role">
          {t('admin:users.role.label')}
        </label>
        <Dropdown
          inputId="admin-user-role"
          value={user.role >= 1 ? 1 : 0}
          disabled={self || settingRole.isLoading}
          options={[
            { value: 0, label: t('admin:users.role.user') },
            { value: 1, label: t('admin:users.role.admin') },
          ]}
          onChange={(event) => onRole(event.value as 0 | 1)}
        />
      </div>
      <div className="admin-action-row">
        {user.blocked === null ? (
          <Button
            type="button"
            severity="danger"
            outlined
            icon="pi pi-ban"
            label={t('admin:users.block.open')}
            disabled={self || admin}
            onClick={() => setBlocking(true)}
            data-testid="block-open"
          />
        ) : (
          <Button
            type="button"
            icon="pi pi-unlock"
            outlined
            label={t('admin:users.unblock.title')}
            loading={unblocking.isLoading}
            onClick={onUnblock}
            data-testid="unblock"
          />
        )}
        <Suspense fallback={null}>
          <Impersonate userId={user.id} disabled={self || admin || user.blocked !== null} />
        </Suspense>
      </div>
      {(self || admin) && <p className="muted">{t('admin:users.admin_note')}</p>}
      {blocking && <BlockDialog userId={user.id} onHide={() => setBlocking(false)} />}
    </section>
  );
}

function Sessions({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  return (
    <section className="card admin-sessions">
      <h2>{t('users.sessions.title')}</h2>
      {user.sessions.length === 0 ? (
        <p className="muted">{t('users.sessions.empty')}</p>
      ) : (
        <ul className="admin-session-list" data-testid="admin-sessions">
          {user.sessions.map((session) => (
            <li key={session.id}>
              <span className="admin-agent">{session.user_agent ?? t('users.sessions.unknown')}</span>
              <span className="muted">
                {t('users.sessions.facts', {
                  ip: session.ip ?? '—',
                  created: formatDateTime(session.created_at, lang),
                  seen: session.last_seen_at === null ? '—' : formatDateTime(session.last_seen_at, lang),
                })}
              </span>
              {session.impersonator !== null && (
                <span className="admin-badge">
                  {t('users.sessions.impersonator', { name: fullName(session.impersonator) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// admin/users/{id}: the profile summary, role, block/unblock with a reason, "Act as this user", the sessions.
export default function AdminUserPage({ Impersonate }: AdminUserPageProps) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { id } = useParams();
  const valid = isDigitId(id);
  const result = useGetAdminUserQuery({ id: Number(id) }, { skip: !valid });
  const user = result.data;
  useDocumentTitle(user === undefined ? t('users.title') : fullName(user));
  if (!valid || errorStatus(result.error) === 404) return <NotFoundPage />;
  return (
    <AdminLayout
      title={user === undefined ? t('users.title') : fullName(user)}
      actions={
        <Link className="p-button p-button-text" to={adminPaths.users(lang)}>
          <span className="pi pi-arrow-left" aria-hidden="true" />
          &nbsp;{t('users.back')}
        </Link>
      }
    >
      {user === undefined ? (
        <QueryFallback results={[result]} />
      ) : (
        <div className="admin-user-grid">
          <Summary user={user} />
          <Actions user={user} Impersonate={Impersonate} />
          <Sessions user={user} />
        </div>
      )}
    </AdminLayout>
  );
}
