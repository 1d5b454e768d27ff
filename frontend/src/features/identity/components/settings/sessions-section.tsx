import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';

import { QueryFallback } from '@/components/query-state';
import {
  useListSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
} from '@/features/identity/api/identity-api';
import { parseUserAgent } from '@/features/identity/model/user-agent';
import { formatDateTime } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';

// "Chrome, Linux"; the raw User-Agent stays in the tooltip.
function deviceName(userAgent: string | null, unknownDevice: string, unknownBrowser: string): string {
  if (userAgent === null || userAgent.trim() === '') return unknownDevice;
  const { browser, os } = parseUserAgent(userAgent);
  return [browser ?? unknownBrowser, os].filter((part) => part !== null).join(', ');
}

function isPhone(userAgent: string | null): boolean {
  const { os } = parseUserAgent(userAgent);
  return os === 'iPhone' || os === 'Android';
}

export function SessionsSection() {
  const { t } = useTranslation(['account', 'common']);
  const lang = useLanguage();
  const sessionsQuery = useListSessionsQuery();
  const { data } = sessionsQuery;
  const [revokeOthers, { isLoading: revoking }] = useRevokeOtherSessionsMutation();
  const [deleteSession] = useRevokeSessionMutation();

  const onRevokeOthers = () => {
    confirmDialog({
      message: t('account:sessions.revoke_others_confirm'),
      header: t('account:sessions.revoke_others'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common:yes'),
      rejectLabel: t('common:no'),
      accept: () => {
        void revokeOthers({ emptyObject: {} }).then((result) => {
          if (result.data !== undefined) {
            showToast({
              severity: 'success',
              summary: t('account:sessions.revoked', { count: result.data.revoked }),
            });
          }
        });
      },
    });
  };

  // This device first, then the most recently active.
  const sessions = [...(data?.sessions ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at),
  );
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="card" id="sessions">
      <div className="card-header-row">
        <div>
          <h2>{t('account:sessions.title')}</h2>
          <p className="muted">{t('account:sessions.lead')}</p>
        </div>
        <Button
          type="button"
          severity="danger"
          outlined
          label={t('account:sessions.revoke_others')}
          icon="pi pi-sign-out"
          disabled={others.length === 0}
          loading={revoking}
          onClick={onRevokeOthers}
        />
      </div>
      {data === undefined ? (
        <QueryFallback results={[sessionsQuery]} />
      ) : (
        <ul className="session-list">
          {sessions.map((session) => (
            <li key={session.id} className={session.current ? 'session current' : 'session'}>
              <span
                className={`pi ${isPhone(session.user_agent) ? 'pi-mobile' : 'pi-desktop'} session-icon`}
                aria-hidden="true"
              />
              <div className="session-body">
                <strong title={session.user_agent ?? undefined}>
                  {deviceName(
                    session.user_agent,
                    t('account:sessions.unknown_device'),
                    t('account:sessions.unknown_browser'),
                  )}
                </strong>
                <span className="muted">
                  {session.ip ?? ''} ·{' '}
                  {t('account:sessions.started', { date: formatDateTime(session.created_at, lang) })} ·{' '}
                  {t('account:sessions.last_seen', { date: formatDateTime(session.last_seen_at, lang) })}
                </span>
              </div>
              {session.current ? (
                <span className="badge">{t('account:sessions.current')}</span>
              ) : (
                <Button
                  type="button"
                  text
                  size="small"
                  label={t('account:sessions.revoke')}
                  onClick={() => void deleteSession({ id: session.id })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {data !== undefined && others.length === 0 && <p className="muted">{t('account:sessions.empty')}</p>}
    </div>
  );
}
