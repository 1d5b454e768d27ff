import '@/styles/help.css';

import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { serverError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback, QueryState } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useHelpAdminPageQuery,
  useHelpAdminPageVersionQuery,
  useHelpUpdatePageMutation,
  type PageCode,
} from '@/features/help/api/help-admin-api';
import { helpPaths, kPageCodes } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import type { AdminPage } from '@/lib/api/schema.generated';
import { formatDateTime, fullName } from '@/lib/format/format';
import { isLanguage, type Language } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';

function OldVersion({
  code,
  pageLang,
  version,
  onClose,
}: {
  code: PageCode;
  pageLang: Language;
  version: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('help');
  const result = useHelpAdminPageVersionQuery({ code, lang: pageLang, version });
  return (
    <section className="card" data-testid="page-old-version">
      <div className="admin-actions">
        <h2>{t('admin_pages.viewing', { version })}</h2>
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-times"
          label={t('admin_pages.close')}
          onClick={onClose}
        />
      </div>
      <QueryState result={result}>
        {(data) => (
          <>
            <h3>{data.title}</h3>
            {/* Safe by construction: rendered by the server's cmark with raw HTML off. */}
            <div className="markdown-body" dangerouslySetInnerHTML={{ __html: data.body_html }} />
          </>
        )}
      </QueryState>
    </section>
  );
}

// The editor of one version of the page: keyed by the version, so a reload after a conflict starts from the newer one.
function PageEditor({
  code,
  pageLang,
  page,
  reloading,
  onReload,
}: {
  code: PageCode;
  pageLang: Language;
  page: AdminPage;
  reloading: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation(['help', 'common']);
  const lang = useLanguage();
  const [form, setForm] = useState({ title: page.title, body: page.body, version: page.version });
  const [viewing, setViewing] = useState<number | null>(null);
  const [update, updating] = useHelpUpdatePageMutation();
  const conflict = errorStatus(updating.error) === 409;
  const errors = fieldErrors(updating.error);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ code, lang: pageLang, body: form });
    if ('data' in result && result.data !== undefined)
      showToast({ severity: 'success', summary: t('admin_pages.saved', { version: result.data.version }) });
  };
  const title = t('admin_pages.edit_title', { page: t(`legal.${code}`), lang: pageLang.toUpperCase() });
  return (
    <AdminLayout
      title={title}
      actions={
        <Link to={helpPaths.page(pageLang, code)} target="_blank">
          {t('admin_pages.preview')}
        </Link>
      }
    >
      {conflict && (
        <FormAlert severity="error">
          <p data-testid="page-conflict">{t('admin_pages.conflict')}</p>
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-refresh"
            label={t('admin_pages.reload')}
            loading={reloading}
            onClick={onReload}
            data-testid="page-reload"
          />
        </FormAlert>
      )}
      <form className="card admin-form admin-markdown" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p className="muted small">
          {t('admin_pages.version')}: {form.version}
        </p>
        <TextField
          label={t('admin_pages.title_field')}
          name="title"
          value={form.title}
          onChange={(title) => setForm((current) => ({ ...current, title }))}
          required
          error={serverError(errors, 'title')}
          id="page-title"
        />
        <TextField
          label={t('admin_pages.body')}
          name="body"
          value={form.body}
          rows={18}
          onChange={(body) => setForm((current) => ({ ...current, body }))}
          required
          error={serverError(errors, 'body')}
          id="page-body"
        />
        <div className="form-actions">
          <Button
            type="submit"
            label={t('admin_pages.save')}
            loading={updating.isLoading}
            data-testid="page-save"
          />
        </div>
      </form>
      {viewing !== null && (
        <OldVersion code={code} pageLang={pageLang} version={viewing} onClose={() => setViewing(null)} />
      )}
      <section className="card">
        <h2>{t('admin_pages.versions')}</h2>
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="page-versions">
            <tbody>
              {page.versions.map((version) => (
                <tr key={version.version}>
                  <td>{version.version}</td>
                  <td>{version.title}</td>
                  <td className="muted small">
                    {t('admin_pages.by', {
                      name: version.author === null ? t('admin_pages.nobody') : fullName(version.author),
                      date: formatDateTime(version.created_at, lang),
                    })}
                  </td>
                  <td>
                    <Button
                      type="button"
                      text
                      size="small"
                      label={t('admin_pages.view')}
                      onClick={() => setViewing(version.version)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </AdminLayout>
  );
}

// admin/pages/{code}/{lang}: edit the title and the Markdown text; the save names the version it edited, and a
// newer version saved meanwhile answers 409 (help:page_changed), shown with a reload.
export default function AdminPageEditPage() {
  const { t } = useTranslation(['help', 'common']);
  const { code: rawCode, pageLang: rawLang } = useParams();
  const code = kPageCodes.find((item) => item === rawCode);
  const pageLang = isLanguage(rawLang) ? rawLang : undefined;
  const valid = code !== undefined && pageLang !== undefined;
  const page = useHelpAdminPageQuery({ code: code ?? 'about', lang: pageLang ?? 'en' }, { skip: !valid });
  useDocumentTitle(
    valid ? t('admin_pages.edit_title', { page: t(`legal.${code}`), lang: pageLang.toUpperCase() }) : '',
  );
  if (!valid || errorStatus(page.error) === 404) return <NotFoundPage />;
  if (page.data === undefined) return <QueryFallback results={[page]} page />;
  return (
    <PageEditor
      key={page.data.version}
      code={code}
      pageLang={pageLang}
      page={page.data}
      reloading={page.isFetching}
      onReload={() => void page.refetch()}
    />
  );
}
