import '@/styles/help.css';

import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { useGetPageQuery } from '@/features/help/api/help-api';
import type { PageCode } from '@/features/help/api/help-admin-api';
import { helpPaths, kPageCodes } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { formatDate } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

// about, agreement and agreement/…: the page's title, its text (the server's Markdown HTML), its version, and the
// side navigation between the documents.
export default function LegalPage({ code }: { code: PageCode }) {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  const result = useGetPageQuery({ code });
  useDocumentTitle(result.data?.title ?? t(`legal.${code}`));
  if (errorStatus(result.error) === 404) return <NotFoundPage />;
  const page = result.data;
  return (
    <div className="page help-layout legal-layout">
      <nav className="help-nav" aria-label={t('legal.nav_label')} data-testid="legal-nav">
        <ul className="help-nav-list">
          {kPageCodes.map((item) => (
            <li key={item}>
              <NavLink to={helpPaths.page(lang, item)} end>
                {t(`legal.${item}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="help-main">
        {page === undefined ? (
          <QueryFallback results={[result]} />
        ) : (
          <article className="card legal-page" data-testid="legal-page">
            <h1 data-testid="legal-title">{page.title}</h1>
            <p className="muted small" data-testid="legal-version">
              {t('legal.version', { version: page.version, date: formatDate(page.updated_at, lang) })}
            </p>
            {/* Safe by construction: rendered by the server's cmark with raw HTML off. */}
            <div
              className="markdown-body"
              data-testid="legal-body"
              dangerouslySetInnerHTML={{ __html: page.body_html }}
            />
          </article>
        )}
      </div>
    </div>
  );
}
