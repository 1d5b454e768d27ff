import '@/styles/admin.css';

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { KeysetPages } from '@/components/keyset-pages';
import { QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useListAuditQuery, type AuditArgs, type AuditEntry } from '@/features/admin/api/admin-api';
import { auditChanges } from '@/features/admin/model/audit-diff';
import { adminPaths } from '@/features/admin/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';

interface AuditFilters {
  actor: string;
  object_type: string;
  action: string;
}

const kFilterFields = ['actor', 'object_type', 'action'] as const;

function readFilters(search: URLSearchParams): AuditFilters {
  return {
    actor: search.get('actor') ?? '',
    object_type: search.get('object_type') ?? '',
    action: search.get('action') ?? '',
  };
}

function toArgs(filters: AuditFilters, cursor: string | undefined): AuditArgs {
  return {
    ...(isDigitId(filters.actor) ? { actor: Number(filters.actor) } : {}),
    ...(filters.object_type === '' ? {} : { objectType: filters.object_type }),
    ...(filters.action === '' ? {} : { action: filters.action }),
    ...(cursor === undefined ? {} : { cursor }),
  };
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const changes = auditChanges(entry.before, entry.after);
  return (
    <li className="card admin-audit-entry" data-testid="audit-entry">
      <div className="admin-audit-head">
        <code className="admin-audit-action">{entry.action}</code>
        <span>
          {entry.object_type} #{entry.object_id}
        </span>
        <span className="muted">{formatDateTime(entry.created_at, lang)}</span>
      </div>
      <div className="admin-audit-actor">
        {entry.actor !== null && (
          <Link to={adminPaths.user(lang, entry.actor.id)}>{fullName(entry.actor)}</Link>
        )}
        {entry.impersonator !== null && (
          <span className="muted">{t('audit.impersonator', { name: fullName(entry.impersonator) })}</span>
        )}
      </div>
      {changes.length > 0 && (
        <table className="admin-diff">
          <thead>
            <tr>
              <th>{t('audit.field')}</th>
              <th>{t('audit.before')}</th>
              <th>{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <td>
                  <code>{change.field}</code>
                </td>
                <td className="admin-diff-before">{change.before ?? '—'}</td>
                <td className="admin-diff-after">{change.after ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <details className="admin-audit-json">
        <summary>{t('audit.json')}</summary>
        <div className="admin-json-pair">
          <div>
            <h4>{t('audit.before')}</h4>
            <pre>{JSON.stringify(entry.before, null, 2)}</pre>
          </div>
          <div>
            <h4>{t('audit.after')}</h4>
            <pre>{JSON.stringify(entry.after, null, 2)}</pre>
          </div>
        </div>
      </details>
    </li>
  );
}

function AuditPage({
  filters,
  cursor,
  last,
  onMore,
}: {
  filters: AuditFilters;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('admin');
  const result = useListAuditQuery(toArgs(filters, cursor));
  return (
    <QueryState
      result={result}
      isEmpty={(data) => cursor === undefined && data.items.length === 0}
      empty={<p className="muted">{t('audit.empty')}</p>}
    >
      {(data) => (
        <>
          <ul className="admin-audit-list">
            {data.items.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ul>
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// admin/audit: every admin action (who, what, when; before and after), filtered by actor, object type, action.
export default function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useSearchParams();
  const filters = readFilters(search);
  const [draft, setDraft] = useState<AuditFilters>(filters);
  useDocumentTitle(t('audit.title'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const field of kFilterFields) {
      const value = draft[field].trim();
      if (value !== '') next.set(field, value);
    }
    setSearch(next, { replace: true });
  };
  return (
    <AdminLayout title={t('audit.title')}>
      <form className="admin-filters" role="search" onSubmit={onSubmit}>
        {kFilterFields.map((field) => (
          <InputText
            key={field}
            value={draft[field]}
            inputMode={field === 'actor' ? 'numeric' : undefined}
            aria-label={t(`audit.filters.${field}`)}
            placeholder={t(`audit.filters.${field}`)}
            onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
          />
        ))}
        <Button type="submit" icon="pi pi-filter" label={t('audit.apply')} />
      </form>
      <KeysetPages key={search.toString()}>{(page) => <AuditPage filters={filters} {...page} />}</KeysetPages>
    </AdminLayout>
  );
}
