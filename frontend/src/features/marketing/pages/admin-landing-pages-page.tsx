import '@/styles/admin.css';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AdminLayout } from '@/components/admin-layout';
import { QueryState } from '@/components/query-state';
import { useListAdminLandingPagesQuery } from '@/features/marketing/api/landing-pages-api';
import { marketingPaths } from '@/features/marketing/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isLanguage } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';

// admin/landing-pages: every landing page with its kind, language, state and visits.
export default function AdminLandingPagesPage() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const result = useListAdminLandingPagesQuery();
  useDocumentTitle(t('landing.title'));
  return (
    <AdminLayout
      title={t('landing.title')}
      actions={
        <Link className="p-button" to={marketingPaths.adminAdd(lang)} data-testid="lp-add">
          <span className="pi pi-plus" aria-hidden="true" />
          &nbsp;{t('landing.add')}
        </Link>
      }
    >
      <QueryState
        result={result}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="muted">{t('landing.empty')}</p>}
      >
        {(data) => (
          <div className="admin-table admin-landing" role="table" aria-label={t('landing.title')}>
            <div className="admin-row admin-head" role="row">
              <span role="columnheader">{t('landing.fields.title')}</span>
              <span role="columnheader">{t('landing.fields.kind')}</span>
              <span role="columnheader">{t('landing.fields.lang')}</span>
              <span role="columnheader">{t('landing.fields.published')}</span>
              <span role="columnheader">{t('landing.visits')}</span>
            </div>
            {data.items.map((page) => (
              <div key={page.id} className="admin-row" role="row" data-testid="lp-row">
                <span className="admin-cell admin-cell-main" role="cell">
                  <Link to={marketingPaths.adminEdit(lang, page.id)}>{page.title}</Link>
                  <Link
                    className="muted admin-email"
                    to={marketingPaths.page(isLanguage(page.lang) ? page.lang : lang, page.kind, page.code)}
                  >
                    {marketingPaths.page(lang, page.kind, page.code)}
                  </Link>
                </span>
                <span className="admin-cell" role="cell" data-label={t('landing.fields.kind')}>
                  {t(`landing.kinds.${page.kind}`)}
                </span>
                <span className="admin-cell" role="cell" data-label={t('landing.fields.lang')}>
                  {page.lang}
                </span>
                <span className="admin-cell" role="cell" data-label={t('landing.fields.published')}>
                  <span className={page.published ? 'admin-badge admin-badge-active' : 'admin-badge'}>
                    {page.published ? t('landing.published') : t('landing.hidden')}
                  </span>
                </span>
                <span className="admin-cell" role="cell" data-label={t('landing.visits')}>
                  {page.visit_count}
                </span>
              </div>
            ))}
          </div>
        )}
      </QueryState>
    </AdminLayout>
  );
}
