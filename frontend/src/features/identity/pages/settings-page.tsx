import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, NavLink, useParams } from 'react-router-dom';

import { MessageSoundToggle } from '@/components/message-sound-toggle';
import { NotFoundPage } from '@/components/not-found-page';
import { ChangePasswordSection } from '@/features/identity/components/settings/change-password-section';
import { PersonalDataSection } from '@/features/identity/components/settings/personal-data-section';
import { selectSessionUser } from '@/features/identity/model/session-slice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { identityPaths, isSettingsPage, kSettingsPages } from '@/features/identity/paths';

// settings/{id}/{page}; the route is wrapped in RequireAuth, so the user is known here.
export default function SettingsPage() {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const { id, page } = useParams();
  const user = useSelector(selectSessionUser);
  const title = isSettingsPage(page)
    ? t(`settings.${page === 'personal-data' ? 'personal_data' : 'change_password'}`)
    : '';
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
              <span className={item === 'personal-data' ? 'pi pi-user' : 'pi pi-lock'} aria-hidden="true" />
              {t(`settings.${item === 'personal-data' ? 'personal_data' : 'change_password'}`)}
            </NavLink>
          ))}
        </nav>
        <div className="settings-content">
          {page === 'personal-data' ? (
            <>
              <PersonalDataSection />
              <MessageSoundToggle />
            </>
          ) : (
            <ChangePasswordSection />
          )}
        </div>
      </div>
    </section>
  );
}
