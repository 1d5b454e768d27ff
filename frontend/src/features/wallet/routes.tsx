import { walletPaths } from '@/features/wallet/paths';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const WalletPage = lazyRoute(
  () => import(/* webpackChunkName: "route-wallet" */ '@/features/wallet/pages/wallet-page'),
);
const AdminDisputesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-disputes" */ '@/features/wallet/pages/admin-disputes-page'),
);
const AdminPayoutsPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-payouts" */ '@/features/wallet/pages/admin-payouts-page'),
);
const SandboxCheckoutPage = lazyRoute(
  () =>
    import(/* webpackChunkName: "route-wallet-sandbox" */ '@/features/wallet/pages/sandbox-checkout-page'),
);

// SPEC §2 route ids in the comments.
export const walletRoutes: FeatureRoute[] = [
  { path: 'bill', element: <WalletPage />, access: 'user' }, // bill
  { path: 'bill/sandbox/:id', element: <SandboxCheckoutPage />, access: 'user' }, // the sandbox's test checkout
  { path: 'admin/disputes', element: <AdminDisputesPage />, access: 'admin' }, // the admins' queue of disputes
  { path: 'admin/payouts', element: <AdminPayoutsPage />, access: 'admin' }, // payouts awaiting approval
];

export const walletMenu: MenuEntry[] = [
  {
    section: 'settings',
    id: 'wallet',
    label: (t) => t('user_menu.wallet'),
    icon: 'pi pi-wallet',
    to: (lang) => walletPaths.bill(lang),
  },
];
