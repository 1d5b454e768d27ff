import '@/styles/help.css';

import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { serverError } from '@/components/field-error';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useHelpAdminTicketQuery,
  useHelpAnswerTicketMutation,
  useHelpCloseTicketMutation,
} from '@/features/help/api/help-admin-api';
import { helpPaths } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import { formatDateTime, formatFileSize, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { showToast } from '@/lib/toast/toast-store';

// admin/tickets/{id}: the ticket, its conversation and attachments, the answer form (mailed to the ticket's
// e-mail) and the close button.
export default function AdminTicketPage() {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  const { id: rawId } = useParams();
  const id = isDigitId(rawId) ? Number(rawId) : null;
  const ticket = useHelpAdminTicketQuery(id ?? 0, { skip: id === null });
  useDocumentTitle(t('admin_tickets.ticket', { id: id ?? '' }));
  const [text, setText] = useState('');
  const [answer, answering] = useHelpAnswerTicketMutation();
  const [close, closing] = useHelpCloseTicketMutation();
  if (id === null || errorStatus(ticket.error) === 404) return <NotFoundPage />;
  const data = ticket.data;
  if (data === undefined) return <QueryFallback results={[ticket]} page />;
  const onAnswer = async (event: FormEvent) => {
    event.preventDefault();
    const result = await answer({ id, text: text.trim() });
    if ('data' in result) {
      setText('');
      showToast({ severity: 'success', summary: t('admin_tickets.answered') });
    }
  };
  const onClose = async () => {
    const result = await close(id);
    if ('data' in result) showToast({ severity: 'success', summary: t('admin_tickets.closed_done') });
  };
  return (
    <AdminLayout
      title={t('admin_tickets.ticket', { id })}
      actions={<Link to={helpPaths.adminTickets(lang, data.status)}>{t('admin_tickets.back')}</Link>}
    >
      <section className="card admin-form">
        <h2 data-testid="ticket-subject">{data.subject}</h2>
        <dl className="ticket-facts">
          <dt className="muted small">{t('admin_tickets.from')}</dt>
          <dd>
            {data.email}
            {data.user === null ? ` (${t('admin_tickets.guest')})` : ` (${fullName(data.user)})`}
          </dd>
          <dt className="muted small">{t('admin_tickets.topic')}</dt>
          <dd>{t(`support.topics.${data.topic}`)}</dd>
          <dt className="muted small">{t('admin_tickets.created')}</dt>
          <dd>
            {formatDateTime(data.created_at, lang)} ·{' '}
            <span data-testid="ticket-status">{t(`admin_tickets.state.${data.status}`)}</span>
          </dd>
        </dl>
        <h3>{t('admin_tickets.messages')}</h3>
        {data.messages.map((message, index) => (
          <div
            key={index}
            className={`ticket-message${message.author === 'admin' ? ' ticket-message-admin' : ''}`}
            data-testid="ticket-message"
          >
            <p className="muted small">
              {message.author === 'admin'
                ? `${t('admin_tickets.admin_message')}${message.admin === null ? '' : `: ${fullName(message.admin)}`}`
                : t('admin_tickets.user_message')}
              {' · '}
              {formatDateTime(message.at, lang)}
            </p>
            {message.text}
          </div>
        ))}
        {data.attachments.length > 0 && (
          <>
            <h3>{t('admin_tickets.attachments')}</h3>
            <ul className="help-files">
              {data.attachments.map((file) => (
                <li key={file.id}>
                  <span className="pi pi-paperclip" aria-hidden="true" />
                  <a href={file.url} target="_blank" rel="noopener noreferrer" className="help-file-name">
                    {file.name}
                  </a>
                  <span className="muted small">{formatFileSize(file.size, lang)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {data.status !== 'closed' && (
        <form className="card admin-form" onSubmit={(event) => void onAnswer(event)} noValidate>
          <TextField
            label={t('admin_tickets.answer')}
            name="text"
            rows={6}
            maxLength={10000}
            value={text}
            onChange={setText}
            hint={t('admin_tickets.answer_hint', { email: data.email })}
            error={serverError(fieldErrors(answering.error), 'text')}
            id="ticket-answer"
          />
          <div className="form-actions admin-actions">
            <Button
              type="submit"
              label={t('admin_tickets.send_answer')}
              icon="pi pi-send"
              loading={answering.isLoading}
              disabled={text.trim() === ''}
              data-testid="ticket-answer-send"
            />
            <Button
              type="button"
              outlined
              severity="secondary"
              label={t('admin_tickets.close')}
              loading={closing.isLoading}
              onClick={() => void onClose()}
              data-testid="ticket-close"
            />
          </div>
        </form>
      )}
    </AdminLayout>
  );
}
