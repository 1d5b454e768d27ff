import type { LandingPageProps } from '@/features/landing/pages/landing-page';
import { useViewer } from '@/lib/session/viewer';
import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

// The first route of a visit: its chunk is counted by the bundle budget (scripts/bundle-budget.mjs).
const LandingPage = lazyRoute<LandingPageProps>(
  () => import(/* webpackChunkName: "route-main" */ '@/features/landing/pages/landing-page'),
);

function MainRoute() {
  const viewer = useViewer();
  return <LandingPage signedIn={viewer.id !== null} />;
}

export function landingRoutes(): FeatureRoute[] {
  return [{ element: <MainRoute /> }]; // main
}
