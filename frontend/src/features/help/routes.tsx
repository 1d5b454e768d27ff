import type { PageCode } from '@/features/help/api/help-admin-api';
import { pagePathParts, kPageCodes } from '@/features/help/paths';
import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const HelpIndexPage = lazyRoute(
  () => import(/* webpackChunkName: "route-help" */ '@/features/help/pages/help-index-page'),
);
const FaqQuestionPage = lazyRoute(
  () => import(/* webpackChunkName: "route-help" */ '@/features/help/pages/faq-question-page'),
);
const SupportPage = lazyRoute(
  () => import(/* webpackChunkName: "route-help-support" */ '@/features/help/pages/support-page'),
);
const LegalPage = lazyRoute<{ code: PageCode }>(
  () => import(/* webpackChunkName: "route-legal" */ '@/features/help/pages/legal-page'),
);
const AdminFaqPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-help" */ '@/features/help/pages/admin-faq-page'),
);
const AdminFaqCategoryPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-help" */ '@/features/help/pages/admin-faq-category-page'),
);
const AdminFaqQuestionPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-help" */ '@/features/help/pages/admin-faq-question-page'),
);
const AdminPagesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-help" */ '@/features/help/pages/admin-pages-page'),
);
const AdminPageEditPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-help" */ '@/features/help/pages/admin-page-edit-page'),
);
const AdminTicketsPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-help" */ '@/features/help/pages/admin-tickets-page'),
);
const AdminTicketPage = lazyRoute(
  () => import(/* webpackChunkName: "route-admin-help" */ '@/features/help/pages/admin-ticket-page'),
);

export const helpRoutes: FeatureRoute[] = [
  { path: 'help', element: <HelpIndexPage /> }, // help
  { path: 'help/faq/:code', element: <FaqQuestionPage /> }, // help/faq/{code}
  { path: 'help/support', element: <SupportPage /> }, // help/support
  // about, agreement, agreement/rules, agreement/privacy-policy, agreement/cookie-policy, agreement/tariffs
  ...kPageCodes.map((code) => ({ path: pagePathParts(code).join('/'), element: <LegalPage code={code} /> })),
  { path: 'admin/faq', element: <AdminFaqPage />, access: 'admin' },
  { path: 'admin/faq/create-category', element: <AdminFaqCategoryPage />, access: 'admin' },
  { path: 'admin/faq/edit-category/:id', element: <AdminFaqCategoryPage />, access: 'admin' },
  { path: 'admin/faq/create-question', element: <AdminFaqQuestionPage />, access: 'admin' },
  { path: 'admin/faq/edit-question/:id', element: <AdminFaqQuestionPage />, access: 'admin' },
  { path: 'admin/pages', element: <AdminPagesPage />, access: 'admin' },
  { path: 'admin/pages/:code/:pageLang', element: <AdminPageEditPage />, access: 'admin' },
  { path: 'admin/tickets', element: <AdminTicketsPage />, access: 'admin' },
  { path: 'admin/tickets/:id', element: <AdminTicketPage />, access: 'admin' },
];
