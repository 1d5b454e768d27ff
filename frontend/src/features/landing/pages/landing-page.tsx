import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { HomeSearch } from '@/features/landing/components/home-search';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// The live blocks (the front's data, its cards and the catalog's names) and the sections below them are a chunk
// of their own, fetched after the first paint: the hero and the search do not wait for them, and the first route
// stays in its JS budget.
const HomeLive = lazy(
  () => import(/* webpackChunkName: "home-live" */ '@/features/landing/components/home-live'),
);
const HomeLiveTotals = lazy(() =>
  import(/* webpackChunkName: "home-live" */ '@/features/landing/components/home-live').then((module) => ({
    default: module.HomeLiveTotals,
  })),
);

export interface LandingPageProps {
  // Whether the visitor is signed in (no registration prompts then).
  signedIn: boolean;
}

export default function LandingPage({ signedIn }: LandingPageProps) {
  const { t } = useTranslation('landing');
  const lang = useLanguage();
  useDocumentTitle('');

  return (
    <div className="landing">
      <section className="hero">
        <div className="hero-inner">
          <p className="eyebrow">{t('hero.eyebrow')}</p>
          <h1>{t('hero.title')}</h1>
          <p className="hero-text">{t('hero.text')}</p>
          <HomeSearch />
          <Suspense fallback={<p className="home-totals">&nbsp;</p>}>
            <HomeLiveTotals />
          </Suspense>
          <div className="hero-actions">
            <Link className="p-button p-button-lg" to={paths.createOrder(lang)} data-testid="home-post-order">
              {t('cta.post_order')}
            </Link>
            <Link
              className="p-button p-button-lg p-button-outlined hero-secondary"
              to={paths.orders(lang)}
              data-testid="home-find-work"
            >
              {t('cta.find_work')}
            </Link>
          </div>
        </div>
      </section>

      <Suspense fallback={<div className="home-placeholder home-placeholder-page" aria-busy="true" />}>
        <HomeLive signedIn={signedIn} />
      </Suspense>
    </div>
  );
}
