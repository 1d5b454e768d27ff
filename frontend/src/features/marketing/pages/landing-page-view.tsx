import '@/styles/landing-pages.css';

import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import { QueryFallback } from '@/components/query-state';
import {
  useGetLandingPageQuery,
  type LandingKind,
  type LandingPage,
} from '@/features/marketing/api/landing-pages-api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalog } from '@/lib/catalog/use-catalog';
import { isLanguage, type Language } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';
import { langPath, paths } from '@/lib/routing/paths';
import { useViewer, type Viewer } from '@/lib/session/viewer';
import { marketingPaths } from '@/features/marketing/paths';

export interface LandingPageViewProps {
  kind: LandingKind;
}

// Where the call to action leads. create_order: the order form with the category preset (login first, through
// the form's own guard). find_job: the orders of the category — guests register first, and come back there.
export function callToAction(
  page: Pick<LandingPage, 'kind' | 'category_id'>,
  lang: Language,
  viewer: Viewer,
  catalog: CatalogIndex | null,
): { to: string; state?: { from: string } } {
  if (page.kind === 'create_order') {
    return {
      to: langPath(
        lang,
        ['create-order'],
        page.category_id === null ? undefined : `category=${page.category_id}`,
      ),
    };
  }
  const category = page.category_id === null ? undefined : catalog?.category(page.category_id)?.code;
  const orders = paths.orders(lang, category);
  return viewer.status === 'Authenticated'
    ? { to: orders }
    : { to: paths.registration(lang), state: { from: orders } };
}

// lp/create-order/{code} and lp/find-job/{code}: the hero (image, title, the call to action) and the text.
export default function LandingPageView({ kind }: LandingPageViewProps) {
  const { t } = useTranslation('landing');
  const lang = useLanguage();
  const viewer = useViewer();
  const catalog = useCatalog();
  const { code = '' } = useParams();
  const { search } = useLocation();
  const result = useGetLandingPageQuery({ kind, code });
  const page = result.data;
  useDocumentTitle(page?.title ?? t('pages.loading'));
  if (errorStatus(result.error) === 404) return <NotFoundPage />;
  if (page === undefined) return <QueryFallback results={[result]} page />;
  // A page is written in one language and lives under its prefix: the other prefix leads there (the interface
  // then speaks the page's language too).
  if (page.lang !== lang && isLanguage(page.lang)) {
    return <Navigate replace to={`${marketingPaths.page(page.lang, kind, code)}${search}`} />;
  }
  // find_job links the category's orders by its code: the catalog first.
  if (page.kind === 'find_job' && page.category_id !== null && catalog === null) return <PageLoader />;
  const cta = callToAction(page, lang, viewer, catalog);
  return (
    <article className="page lp-page" lang={page.lang} data-testid="landing-page">
      <header className={page.image === null ? 'lp-hero' : 'lp-hero lp-hero-image'}>
        {page.image !== null && <img className="lp-hero-picture" src={page.image.url} alt="" />}
        <div className="lp-hero-text">
          <h1>{page.title}</h1>
          <Link className="p-button p-button-lg lp-cta" to={cta.to} state={cta.state} data-testid="lp-cta">
            {page.cta}
          </Link>
        </div>
      </header>
      {/* Server-rendered Markdown (cmark, raw HTML off): safe by construction. */}
      <div className="markdown-body lp-text" dangerouslySetInnerHTML={{ __html: page.text_html }} />
      <p className="lp-bottom">
        <Link className="p-button lp-cta" to={cta.to} state={cta.state}>
          {page.cta}
        </Link>
      </p>
    </article>
  );
}
