import { useViewer } from '@/lib/session/viewer';
import type { Language } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';
import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

// The first route of a visit: its chunk is counted by the bundle budget (scripts/bundle-budget.mjs).
const LandingPage = lazyRoute(
  () => import(/* webpackChunkName: "route-main" */ '@/features/landing/pages/landing-page'),
);

export interface LandingSlots {
  // The signed-in user's account page (identity's settings), linked from the landing page.
  accountPath: (lang: Language, userId: number) => string;
}

function MainRoute({ accountPath }: LandingSlots) {
  const lang = useLanguage();
  const viewer = useViewer();
  return <LandingPage accountPath={viewer.id === null ? null : accountPath(lang, viewer.id)} />;
}

export function landingRoutes(slots: LandingSlots): FeatureRoute[] {
  return [{ element: <MainRoute {...slots} /> }]; // main
}
