import '@/styles/catalogue.css';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { StepSection, TileSection } from '@/components/landing-blocks';
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

      <TileSection
        id="freelancer-why"
        title={t('landing.why_title')}
        items={kWhy.map(({ key, icon }) => ({
          key,
          icon,
          title: t(`landing.why.${key}.title`),
          text: t(`landing.why.${key}.text`),
        }))}
      />
      <StepSection
        id="freelancer-how"
        title={t('landing.how_title')}
        steps={kSteps.map((key) => ({
          key,
          title: t(`landing.steps.${key}.title`),
          text: t(`landing.steps.${key}.text`),
        }))}
      />

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
