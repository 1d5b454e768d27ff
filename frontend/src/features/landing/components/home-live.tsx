import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { QueryFallback } from '@/components/query-state';
import { useGetHomeQuery } from '@/features/landing/api/home-api';
import {
  HomeCategories,
  HomeFreelancers,
  HomeOrders,
  HomeTotals,
  HomeVacancies,
} from '@/features/landing/components/home-blocks';
import type { HomeFront } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// A live block of the page: its heading with a link to the whole list, and its content once the front and the
// catalog are at hand (a placeholder while they load, the error with a retry if either fails).
function LiveSection({
  id,
  title,
  all,
  allText,
  render,
}: {
  id: string;
  title: string;
  all: string;
  allText: string;
  render: (front: HomeFront, catalog: CatalogIndex) => ReactNode;
}) {
  const home = useGetHomeQuery();
  const catalog = useCatalogQuery();
  return (
    <section className="landing-section home-section" aria-labelledby={id}>
      <div className="home-section-head">
        <h2 id={id}>{title}</h2>
        <Link to={all}>{allText}</Link>
      </div>
      {home.data !== undefined && catalog.data !== undefined ? (
        render(home.data, catalog.data)
      ) : (
        <QueryFallback
          results={[home, catalog]}
          loader={<div className="home-placeholder" aria-busy="true" />}
        />
      )}
    </section>
  );
}

// The counts under the search, once the front is at hand (nothing while it loads or if it failed: the sections
// below show the error and its retry).
export function HomeLiveTotals() {
  const home = useGetHomeQuery();
  return home.data === undefined ? <p className="home-totals">&nbsp;</p> : <HomeTotals front={home.data} />;
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

// The page below the hero: the live sections (the categories, the newest orders and vacancies, the top
// freelancers), then what Artel is for, how it works and, for guests, the invitation to sign up.
export default function HomeLive({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('landing');
  const lang = useLanguage();
  return (
    <>
      <LiveSection
        id="home-categories"
        title={t('categories.title')}
        all={paths.orders(lang)}
        allText={t('categories.all')}
        render={(front, catalog) => <HomeCategories front={front} catalog={catalog} />}
      />
      <div className="home-columns">
        <LiveSection
          id="home-orders"
          title={t('orders.title')}
          all={paths.orders(lang)}
          allText={t('orders.all')}
          render={(front, catalog) => <HomeOrders front={front} catalog={catalog} />}
        />
        <LiveSection
          id="home-vacancies"
          title={t('vacancies.title')}
          all={paths.vacancies(lang)}
          allText={t('vacancies.all')}
          render={(front, catalog) => <HomeVacancies front={front} catalog={catalog} />}
        />
      </div>
      <LiveSection
        id="home-freelancers"
        title={t('freelancers.title')}
        all={paths.freelancers(lang)}
        allText={t('freelancers.all')}
        render={(front, catalog) => <HomeFreelancers front={front} catalog={catalog} />}
      />
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

      {!signedIn && (
        <section className="closing">
          <h2>{t('closing.title')}</h2>
          <p>{t('closing.text')}</p>
          <Link className="p-button p-button-lg" to={paths.registration(lang)}>
            {t('closing.cta')}
          </Link>
        </section>
      )}
    </>
  );
}
