import { searchesPaths } from '@/features/searches/paths';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const MySearchesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-searches" */ '@/features/searches/pages/my-searches-page'),
);

export const searchesRoutes: FeatureRoute[] = [
  { path: 'searches', element: <MySearchesPage />, access: 'user' }, // saved searches (issue 25)
];

export const searchesMenu: MenuEntry[] = [
  {
    section: 'settings',
    id: 'searches',
    label: (t) => t('user_menu.searches'),
    icon: 'pi pi-bookmark',
    to: (lang) => searchesPaths.searches(lang),
  },
];
