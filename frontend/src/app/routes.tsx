import { useSelector } from 'react-redux';
import type { RouteObject } from 'react-router-dom';

import { AppShell } from '@/app/shell/app-shell';
import { LanguagePick } from '@/app/language-pick';
import { NotFoundPage } from '@/components/not-found-page';
import { GuestOnly, RequireAdmin, RequireAuth } from '@/features/identity/components/guards';
import { selectSessionUser } from '@/features/identity/model/session-slice';
import { useLanguage } from '@/lib/i18n/use-language';
import { lazyRoute } from '@/lib/routing/lazy-route';
import { paths } from '@/lib/routing/paths';

const LandingPage = lazyRoute(
  () => import(/* webpackChunkName: "route-main" */ '@/features/landing/pages/landing-page'),
);
const LoginPage = lazyRoute(
  () => import(/* webpackChunkName: "route-login" */ '@/features/identity/pages/login-page'),
);
const RegistrationPage = lazyRoute(
  () => import(/* webpackChunkName: "route-registration" */ '@/features/identity/pages/registration-page'),
);
const VerificationEmailPage = lazyRoute(
  () =>
    import(
      /* webpackChunkName: "route-verification-email" */ '@/features/identity/pages/verification-email-page'
    ),
);
const ResetPasswordPage = lazyRoute(
  () =>
    import(/* webpackChunkName: "route-reset-password" */ '@/features/identity/pages/reset-password-page'),
);
const SettingsPage = lazyRoute(
  () => import(/* webpackChunkName: "route-settings" */ '@/features/identity/pages/settings-page'),
);

function MainRoute() {
  const lang = useLanguage();
  const user = useSelector(selectSessionUser);
  return (
    <LandingPage accountPath={user === null ? null : paths.settingsPage(lang, user.id, 'personal-data')} />
  );
}

// Only screens that exist have routes; later issues add theirs (SPEC §2 route names in comments).
export function createRoutes(): RouteObject[] {
  return [
    { path: '/', element: <LanguagePick /> },
    {
      path: '/:lang',
      element: <AppShell />,
      children: [
        { index: true, element: <MainRoute /> }, // main
        {
          path: 'login',
          element: (
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          ),
        }, // login
        {
          path: 'registration',
          element: (
            <GuestOnly>
              <RegistrationPage />
            </GuestOnly>
          ),
        }, // registration
        { path: 'verification-email', element: <VerificationEmailPage /> }, // verificationEmail
        {
          path: 'reset-password',
          element: (
            <GuestOnly>
              <ResetPasswordPage />
            </GuestOnly>
          ),
        }, // resetPassword
        {
          path: 'settings/:id/:page',
          element: (
            <RequireAuth>
              <SettingsPage />
            </RequireAuth>
          ),
        }, // settingsPage
        // Admin screens come with the admin issue; the guard already keeps guests and role < 1 out.
        {
          path: 'admin/*',
          element: (
            <RequireAdmin>
              <NotFoundPage />
            </RequireAdmin>
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
