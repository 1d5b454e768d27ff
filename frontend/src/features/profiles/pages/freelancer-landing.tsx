import '@/styles/catalogue.css';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';

const kWhy = [
  { key: 'portfolio', icon: 'pi pi-images' },
  { key: 'customers', icon: 'pi pi-verified' },
  { key: 'prices', icon: 'pi pi-tags' },
  { key: 'reviews', icon: 'pi pi-star' },
] as const;

const kSteps = ['profile', 'portfolio', 'bid', 'grow'] as const;

// freelancer (SPEC §2 freelancerLP): why a performer joins, how it works, and the call to action — sign up and
// create a profile (a guest), or fill in one's profile (a signed-in user). The main landing page's blocks.
export default function FreelancerLanding() {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const viewer = useViewer();
  useDocumentTitle(t('landing.title'));
  const primary =
    viewer.id === null ? (
      <Link className="p-button p-button-lg" to={paths.registration(lang)} data-testid="landing-cta">
        {t('landing.cta_register')}
      </Link>
    ) : (
      <Link className="p-button p-button-lg" to={paths.freelancer(lang, viewer.id)} data-testid="landing-cta">
        {t('landing.cta_profile')}
      </Link>
    );

  return (
    <div className="landing freelancer-landing">
      <section className="hero">
        <div className="hero-inner">
          <p className="eyebrow">{t('catalogue.join')}</p>
          <h1>{t('landing.title')}</h1>
          <p className="hero-text">{t('landing.lead')}</p>
          <div className="hero-actions">
            {primary}
            <Link className="p-button p-button-lg p-button-outlined hero-secondary" to={paths.orders(lang)}>
              {t('landing.cta_orders')}
            </Link>
          </div>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="freelancer-why">
        <h2 id="freelancer-why">{t('landing.why_title')}</h2>
        <div className="tile-grid">
          {kWhy.map(({ key, icon }) => (
            <article key={key} className="tile">
              <span className={`tile-icon ${icon}`} aria-hidden="true" />
              <h3>{t(`landing.why.${key}.title`)}</h3>
              <p>{t(`landing.why.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="landing-section landing-steps" aria-labelledby="freelancer-how">
        <h2 id="freelancer-how">{t('landing.how_title')}</h2>
        <ol className="steps">
          {kSteps.map((step, index) => (
            <li key={step} className="step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`landing.steps.${step}.title`)}</h3>
              <p>{t(`landing.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="closing">
        <h2>{t('landing.final_title')}</h2>
        <p>{t('landing.final_text')}</p>
        <div className="hero-actions closing-actions">
          {primary}
          <Link className="p-button p-button-lg p-button-text" to={paths.freelancers(lang)}>
            {t('landing.cta_catalogue')}
          </Link>
        </div>
      </section>
    </div>
  );
}
