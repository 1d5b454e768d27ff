import '@/styles/help.css';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { QueryState } from '@/components/query-state';
import { useHelpAdminPagesQuery } from '@/features/help/api/help-admin-api';
import { helpPaths, kPageCodes } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

// admin/pages: the six pages × two languages with their version and last editor.
export default function AdminPagesPage() {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  useDocumentTitle(t('admin_pages.title'));
  const pages = useHelpAdminPagesQuery();
  return (
    <AdminLayout title={t('admin_pages.title')}>
      <QueryState result={pages}>
        {(data) => (
          <div className="card admin-table-wrap">
            <table className="admin-table" data-testid="admin-pages">
              <thead>
                <tr>
                  <th>{t('admin_pages.page')}</th>
                  <th>{t('admin_pages.lang')}</th>
                  <th>{t('admin_pages.version')}</th>
                  <th>{t('admin_pages.updated')}</th>
                </tr>
              </thead>
              <tbody>
                {[...data.items]
                  .sort(
                    (a, b) =>
                      kPageCodes.indexOf(a.code as never) - kPageCodes.indexOf(b.code as never) ||
                      a.lang.localeCompare(b.lang),
                  )
                  .map((page) => (
                    <tr key={`${page.code}-${page.lang}`}>
                      <td>
                        <Link
                          to={helpPaths.adminPage(lang, page.code as never, page.lang)}
                          data-testid={`admin-page-${page.code}-${page.lang}`}
                        >
                          {page.title}
                        </Link>
                      </td>
                      <td>{page.lang.toUpperCase()}</td>
                      <td>{page.version}</td>
                      <td>
                        {formatDateTime(page.updated_at, lang)}
                        <br />
                        <span className="muted small">
                          {page.updated_by === null ? t('admin_pages.nobody') : fullName(page.updated_by)}
                        </span>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </AdminLayout>
  );
}
