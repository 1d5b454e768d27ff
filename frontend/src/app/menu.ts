import { identityMenu } from '@/features/identity/routes';
import { ordersMenu } from '@/features/orders/routes';
import { catalogueMenu } from '@/features/profiles/routes';
import { reviewsMenu } from '@/features/reviews/routes';
import type { MenuEntry } from '@/lib/routing/feature-route';

// The features' menu entries: the header's top menu and the user menu's groups show them in this order.
export const kMenu: readonly MenuEntry[] = [...ordersMenu, ...catalogueMenu, ...reviewsMenu, ...identityMenu];
