import { favouritesPaths } from '@/features/favourites/paths';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const FavouritesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-favourites" */ '@/features/favourites/pages/favourites-page'),
);

export const favouritesRoutes: FeatureRoute[] = [
  { path: 'favourites', element: <FavouritesPage />, access: 'user' }, // favourites (issue 25)
];

export const favouritesMenu: MenuEntry[] = [
  {
    section: 'settings',
    id: 'favourites',
    label: (t) => t('user_menu.favourites'),
    icon: 'pi pi-star',
    to: (lang) => favouritesPaths.favourites(lang),
  },
];
