import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, NavLink, useParams } from 'react-router-dom';

import { MessageSoundToggle } from '@/components/message-sound-toggle';
import { NotFoundPage } from '@/components/not-found-page';
import { useResendVerificationMutation } from '@/features/identity/api/identity-api';
import { ChangePasswordSection } from '@/features/identity/components/settings/change-password-section';
import { PersonalDataSection } from '@/features/identity/components/settings/personal-data-section';
import { selectSessionUser } from '@/features/identity/model/session-slice';
import {
  identityPaths,
  isSettingsPage,
  kSettingsPages,
  type SettingsPage as Page,
} from '@/features/identity/paths';
import type { IdentitySlots } from '@/features/identity/routes';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { showToast } from '@/lib/toast/toast-store';

const kPageTitles = {
  'personal-data': 'settings.personal_data',
  'change-password': 'settings.change_password',
  notifications: 'settings.notifications',
} as const satisfies Record<Page, string>;

const kPageIcons: Record<Page, string> = {
  'personal-data': 'pi pi-user',
  'change-password': 'pi pi-lock',
  notifications: 'pi pi-bell',
};

// "Send the link again" for the notifications page's e-mail column.
function ResendLinkButton() {
  const { t } = useTranslation('account');
  const [resend, { isLoading }] = useResendVerificationMutation();
  return (
    <Button
      type="button"
      link
      className="p-0"
      label={t('profile.email_resend')}
      loading={isLoading}
      onClick={() =>
        void resend({ body: {} }).then((result) => {
          if ('data' in result) showToast({ severity: 'success', summary: t('profile.email_resent') });
        })
      }
    />
  );
}

// settings/{id}/{page}; the route is wrapped in RequireAuth, so the user is known here.
export default function SettingsPage({ NotificationSettings }: IdentitySlots) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const { id, page } = useParams();
  const user = useSelector(selectSessionUser);
  const title = isSettingsPage(page) ? t(kPageTitles[page]) : '';
  useDocumentTitle(title);

  if (!isDigitId(id) || !isSettingsPage(page)) return <NotFoundPage />;
  if (user === null) return null;
  // Settings are one's own: another id goes to the same page of the signed-in user.
  if (Number(id) !== user.id)
    return <Navigate to={identityPaths.settingsPage(lang, user.id, page)} replace />;

  return (
    <section className="page settings">
      <h1>{t('settings.title')}</h1>
      <div className="settings-layout">
        <nav className="settings-nav" aria-label={t('settings.nav_label')}>
          {kSettingsPages.map((item) => (
            <NavLink key={item} to={identityPaths.settingsPage(lang, user.id, item)}>
              <span className={kPageIcons[item]} aria-hidden="true" />
              {t(kPageTitles[item])}
            </NavLink>
          ))}
        </nav>
        <div className="settings-content">
          {page === 'personal-data' && (
            <>
              <PersonalDataSection />
              <MessageSoundToggle />
            </>
          )}
          {page === 'change-password' && <ChangePasswordSection />}
          {page === 'notifications' && (
            <NotificationSettings userId={user.id} resendAction={<ResendLinkButton />} />
          )}
        </div>
      </div>
    </section>
  );
}
