import '@/styles/help.css';

import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { KeysetPages } from '@/components/keyset-pages';
import { QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useHelpAdminTicketsQuery } from '@/features/help/api/help-admin-api';
import { helpPaths } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { HelpTicketStatus } from '@/lib/api/schema.generated';
import { formatDateTime } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

const kStatuses: readonly HelpTicketStatus[] = ['open', 'answered', 'closed'];

function TicketsPage({
  status,
  cursor,
  last,
  onMore,
}: {
  status: HelpTicketStatus;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  const result = useHelpAdminTicketsQuery({ status, cursor });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => cursor === undefined && data.items.length === 0}
      empty={<p className="muted">{t('admin_tickets.empty')}</p>}
    >
      {(data) => (
        <>
          <ul className="help-result-list">
            {data.items.map((ticket) => (
              <li key={ticket.id} className="card" data-testid="admin-ticket">
                <Link to={helpPaths.adminTicket(lang, ticket.id)}>
                  {t('admin_tickets.ticket', { id: ticket.id })}: {ticket.subject}
                </Link>
                <p className="muted small">
                  {t(`support.topics.${ticket.topic}`)} · {ticket.email} ·{' '}
                  {formatDateTime(ticket.created_at, lang)}
                </p>
              </li>
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

// admin/tickets: status tabs (open, answered, closed), newest first, keyset pages.
export default function AdminTicketsPage() {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  useDocumentTitle(t('admin_tickets.title'));
  const [params] = useSearchParams();
  const raw = params.get('status');
  const status = kStatuses.find((item) => item === raw) ?? 'open';
  return (
    <AdminLayout title={t('admin_tickets.title')}>
      <nav className="admin-tabs" role="tablist">
        {kStatuses.map((item) => (
          <NavLink
            key={item}
            role="tab"
            aria-selected={item === status}
            className={`p-button p-button-sm${item === status ? '' : ' p-button-outlined'}`}
            to={helpPaths.adminTickets(lang, item)}
            data-testid={`tickets-tab-${item}`}
          >
            {t(`admin_tickets.status.${item}`)}
          </NavLink>
        ))}
      </nav>
      <KeysetPages key={status}>{(page) => <TicketsPage status={status} {...page} />}</KeysetPages>
    </AdminLayout>
  );
}
