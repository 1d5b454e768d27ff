import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { StepSection, TileSection } from '@/components/landing-blocks';
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
      <TileSection
        id="landing-roles"
        title={t('roles.title')}
        items={kRoles.map(({ key, icon }) => ({
          key,
          icon,
          title: t(`roles.${key}.title`),
          text: t(`roles.${key}.text`),
        }))}
      />
      <StepSection
        id="landing-steps"
        title={t('steps.title')}
        steps={kSteps.map((key) => ({ key, title: t(`steps.${key}.title`), text: t(`steps.${key}.text`) }))}
      />
      <TileSection
        id="landing-trust"
        title={t('trust.title')}
        columns={3}
        plain
        items={kTrust.map(({ key, icon }) => ({
          key,
          icon,
          title: t(`trust.${key}.title`),
          text: t(`trust.${key}.text`),
        }))}
      />

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
