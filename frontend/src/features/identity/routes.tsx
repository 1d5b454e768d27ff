import type { ComponentType, ReactNode } from 'react';

import { identityPaths } from '@/features/identity/paths';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

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

export interface NotificationSettingsProps {
  userId: number;
  // What an unconfirmed e-mail offers: identity's "send the link again".
  resendAction: ReactNode;
}

export interface IdentitySlots {
  // The notifications page of the settings (notifications).
  NotificationSettings: ComponentType<NotificationSettingsProps>;
}

// SPEC §2 route names in the comments.
export const identityRoutes = (slots: IdentitySlots): FeatureRoute[] => [
  { path: 'login', element: <LoginPage />, access: 'guest' }, // login
  { path: 'registration', element: <RegistrationPage />, access: 'guest' }, // registration
  { path: 'verification-email', element: <VerificationEmailPage /> }, // verificationEmail
  { path: 'reset-password', element: <ResetPasswordPage />, access: 'guest' }, // resetPassword
  { path: 'settings/:id/:page', element: <SettingsPage {...slots} />, access: 'user' }, // settingsPage
];

export const identityMenu: MenuEntry[] = [
  {
    section: 'settings',
    id: 'personal-data',
    label: (t) => t('user_menu.personal_data'),
    icon: 'pi pi-user',
    to: (lang, userId) => identityPaths.settingsPage(lang, userId ?? '', 'personal-data'),
  },
  {
    section: 'settings',
    id: 'change-password',
    label: (t) => t('user_menu.change_password'),
    icon: 'pi pi-lock',
    to: (lang, userId) => identityPaths.settingsPage(lang, userId ?? '', 'change-password'),
  },
  {
    section: 'settings',
    id: 'notification-settings',
    label: (t) => t('user_menu.notification_settings'),
    icon: 'pi pi-bell',
    to: (lang, userId) => identityPaths.settingsPage(lang, userId ?? '', 'notifications'),
  },
];
