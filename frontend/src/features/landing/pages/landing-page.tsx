import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export interface LandingPageProps {
  // Where the signed-in visitor's own account lives; null for guests.
  accountPath: string | null;
}

const kRoles = [
  { key: 'customer', icon: 'pi pi-briefcase' },
  { key: 'freelancer', icon: 'pi pi-palette' },
  { key: 'employer', icon: 'pi pi-building' },
  { key: 'applicant', icon: 'pi pi-id-card' },
] as const;

const kSteps = ['one', 'two', 'three', 'four'] as const;

const kTrust = [
  { key: 'bilingual', icon: 'pi pi-globe' },
  { key: 'security', icon: 'pi pi-shield' },
  { key: 'payments', icon: 'pi pi-wallet' },
] as const;

export default function LandingPage({ accountPath }: LandingPageProps) {
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
          <div className="hero-actions">
            {accountPath === null ? (
              <>
                <Link className="p-button p-button-lg" to={paths.registration(lang)}>
                  {t('hero.cta_register')}
                </Link>
                <Link
                  className="p-button p-button-lg p-button-outlined hero-secondary"
                  to={paths.login(lang)}
                >
                  {t('hero.cta_login')}
                </Link>
              </>
            ) : (
              <Link className="p-button p-button-lg" to={accountPath}>
                {t('hero.cta_settings')}
              </Link>
            )}
          </div>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="landing-roles">
        <h2 id="landing-roles">{t('roles.title')}</h2>
        <div className="tile-grid">
          {kRoles.map(({ key, icon }) => (
            <article key={key} className="tile">
              <span className={`tile-icon ${icon}`} aria-hidden="true" />
              <h3>{t(`roles.${key}.title`)}</h3>
              <p>{t(`roles.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="landing-section landing-steps" aria-labelledby="landing-steps">
        <h2 id="landing-steps">{t('steps.title')}</h2>
        <ol className="steps">
          {kSteps.map((step, index) => (
            <li key={step} className="step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`steps.${step}.title`)}</h3>
              <p>{t(`steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-section" aria-labelledby="landing-trust">
        <h2 id="landing-trust">{t('trust.title')}</h2>
        <div className="tile-grid tile-grid-3">
          {kTrust.map(({ key, icon }) => (
            <article key={key} className="tile tile-plain">
              <span className={`tile-icon ${icon}`} aria-hidden="true" />
              <h3>{t(`trust.${key}.title`)}</h3>
              <p>{t(`trust.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      {accountPath === null && (
        <section className="closing">
          <h2>{t('closing.title')}</h2>
          <p>{t('closing.text')}</p>
          <Link className="p-button p-button-lg" to={paths.registration(lang)}>
            {t('closing.cta')}
          </Link>
        </section>
      )}
    </div>
  );
}
