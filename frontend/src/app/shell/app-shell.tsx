import { lazy, Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';

import { Footer } from '@/app/shell/footer';
import { Header } from '@/app/shell/header';
import { RealtimeSession } from '@/app/shell/realtime-session';
import { kShellSlots } from '@/app/slots';
import { WelcomeGate } from '@/app/shell/welcome-gate';
import { PageLoader } from '@/components/page-loader';
import { RouteErrorBoundary } from '@/components/route-error-boundary';
import { ToastHost } from '@/components/toast-host';
import { TopProgressBar } from '@/components/top-progress-bar';
import { useUserInfoQuery } from '@/features/identity/api/identity-api';
import { kAdminRole, selectSession } from '@/features/identity/model/session-slice';
import { CookieNotice } from '@/features/marketing/components/cookie-notice';
import { i18n } from '@/lib/i18n/i18n';
import {
  isLanguage,
  kDefaultLanguage,
  kLanguageStorageKey,
  withoutLanguagePrefix,
} from '@/lib/i18n/languages';
import { SignedInPartsContext } from '@/lib/composition/signed-in-part';
import { ViewerContext, type Viewer } from '@/lib/session/viewer';
import { writeLocal } from '@/lib/storage/local-storage';

// The host of every confirmDialog() call (all made from route chunks, which import the same module): loaded
// right after the first paint instead of weighing on the first route.
const ConfirmDialog = lazy(() =>
  import(/* webpackChunkName: "confirm-dialog" */ 'primereact/confirmdialog').then((m) => ({
    default: m.ConfirmDialog,
  })),
);

// The UTM attribution (and its client) loads right after the first paint too; it reports the address the visit
// began on, in case the visitor has moved on by then.
const UtmCapture = lazy(() =>
  import(/* webpackChunkName: "utm-capture" */ '@/features/marketing/components/utm-capture').then((m) => ({
    default: m.UtmCapture,
  })),
);
const kEntryUrl = window.location.href;

// Loaded only for a signed-in user whose e-mail is not verified.
const VerifyEmailReminder = lazy(() =>
  import(
    /* webpackChunkName: "verify-reminder" */ '@/features/identity/components/verify-email-reminder'
  ).then((m) => ({ default: m.VerifyEmailReminder })),
);

function ChunkErrorFallback() {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow">
      <h1>{t('chunk_error.title')}</h1>
      <p className="lead">{t('chunk_error.text')}</p>
      <button type="button" className="p-button" onClick={() => window.location.reload()}>
        {t('chunk_error.reload')}
      </button>
    </section>
  );
}

function ShellBody() {
  const { MessengerLive } = kShellSlots;
  const location = useLocation();
  const { status, user } = useSelector(selectSession);
  const userId = user?.id ?? null;
  // The session as features see it (they do not import identity).
  const admin = (user?.role ?? 0) >= kAdminRole;
  const viewer = useMemo<Viewer>(() => ({ status, id: userId, admin }), [status, userId, admin]);
  useUserInfoQuery();

  // SPEC §2: every navigation scrolls to the page header; switching the language is not a navigation.
  const page = withoutLanguagePrefix(location.pathname);
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [page]);

  const { t } = useTranslation('shell');
  return (
    <ViewerContext.Provider value={viewer}>
      {/* The parts pages show from other features (Bookmark, SaveSearch), by their names in kShellSlots. */}
      <SignedInPartsContext.Provider value={kShellSlots}>
        <div className="app">
          <a className="skip-link" href="#main">
            {t('skip_to_content')}
          </a>
          <TopProgressBar />
          <Header />
          {user !== null && !user.emailVerified && (
            <Suspense fallback={null}>
              <VerifyEmailReminder />
            </Suspense>
          )}
          <main id="main" className="site-main" tabIndex={-1}>
            <RouteErrorBoundary key={page} fallback={<ChunkErrorFallback />}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
          <Footer />
          <ToastHost />
          <Suspense fallback={null}>
            <ConfirmDialog />
          </Suspense>
          <CookieNotice signedIn={status !== 'Unauthenticated'} />
          <Suspense fallback={null}>
            <UtmCapture entryUrl={kEntryUrl} />
          </Suspense>
          <WelcomeGate />
          <RealtimeSession />
          {status === 'Authenticated' && user !== null && (
            <Suspense fallback={null}>
              <MessengerLive viewerId={user.id} unread={user.unreadCount} />
            </Suspense>
          )}
        </div>
      </SignedInPartsContext.Provider>
    </ViewerContext.Provider>
  );
}

// The /{lang} layout: the URL prefix is the interface language.
export function AppShell() {
  const { lang } = useParams();
  const location = useLocation();

  useEffect(() => {
    if (!isLanguage(lang)) return;
    document.documentElement.lang = lang;
    writeLocal(kLanguageStorageKey, lang);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang]);

  if (!isLanguage(lang)) {
    return <Navigate to={`/${kDefaultLanguage}${location.pathname}${location.search}`} replace />;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <ShellBody />
    </Suspense>
  );
}
