import { adminMenu } from '@/features/admin/routes';
import { articlesMenu } from '@/features/articles/routes';
import { companiesMenu } from '@/features/companies/routes';
import { favouritesMenu } from '@/features/favourites/routes';
import { searchesMenu } from '@/features/searches/routes';
import { identityMenu } from '@/features/identity/routes';
import { ordersMenu } from '@/features/orders/routes';
import { catalogueMenu, profilesMenu } from '@/features/profiles/routes';
import { reviewsMenu } from '@/features/reviews/routes';
import { jobSeekerMenu, vacanciesMenu } from '@/features/vacancies/routes';
import { walletMenu } from '@/features/wallet/routes';
import type { MenuEntry } from '@/lib/routing/feature-route';

// The user menu's order within a group (SPEC §2): freelancer — portfolio, orders, about me, my prices, reviews
// about me; customer — orders, reviews. Entries not listed keep the features' order after these.
const kMenuOrder = ['portfolio', 'my-work', 'about-me', 'my-prices', 'reviews-about-me'];

function rank(entry: MenuEntry): number {
  const index = kMenuOrder.indexOf(entry.id);
  return index < 0 ? kMenuOrder.length : index;
}

// The features' menu entries: the header's top menu and the user menu's groups show them in this order.
export const kMenu: readonly MenuEntry[] = [
  ...ordersMenu,
  ...catalogueMenu,
  ...reviewsMenu,
  ...vacanciesMenu,
  ...articlesMenu,
  ...profilesMenu,
  ...jobSeekerMenu,
  ...companiesMenu,
  ...favouritesMenu,
  ...searchesMenu,
  ...walletMenu,
  ...identityMenu,
  ...adminMenu,
]
  .map((entry, index) => ({ entry, index }))
  .sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index)
  .map(({ entry }) => entry);
