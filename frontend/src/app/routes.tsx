import { useSelector } from 'react-redux';
import { Navigate, useParams, type RouteObject } from 'react-router-dom';

import { AppShell } from '@/app/shell/app-shell';
import { LanguagePick } from '@/app/language-pick';
import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import { GuestOnly, RequireAdmin, RequireAuth } from '@/features/identity/components/guards';
import { selectSession, selectSessionUser } from '@/features/identity/model/session-slice';
import { useLanguage } from '@/lib/i18n/use-language';
import { lazyRoute } from '@/lib/routing/lazy-route';
import { paths } from '@/lib/routing/paths';

const LandingPage = lazyRoute(
  () => import(/* webpackChunkName: "route-main" */ '@/features/landing/pages/landing-page'),
);
const LoginPage = lazyRoute(
  () => import(/* webpackChunkName: "route-login" */ '@/features/identity/pages/login-page'),
);
const RegistrationPage = lazyRoute(
  () => import(/* webpackChunkName: "route-registration" */ '@/features/identity/pages/registration-page'),
);
const VerificationEmailPage = lazyRoute(
  () =>
    import(
      /* webpackChunkName: "route-verification-email" */ '@/features/identity/pages/verification-email-page'
    ),
);
const ResetPasswordPage = lazyRoute(
  () =>
    import(/* webpackChunkName: "route-reset-password" */ '@/features/identity/pages/reset-password-page'),
);
const OrdersPage = lazyRoute(
  () => import(/* webpackChunkName: "route-orders" */ '@/features/orders/pages/orders-page'),
);
const OrderPage = lazyRoute(
  () => import(/* webpackChunkName: "route-order" */ '@/features/orders/pages/order-page'),
);
const OrderFormPage = lazyRoute(
  () => import(/* webpackChunkName: "route-order-form" */ '@/features/orders/pages/order-form-page'),
);
const MyOrdersPage = lazyRoute(
  () => import(/* webpackChunkName: "route-my-orders" */ '@/features/orders/pages/my-orders-page'),
);
const UserReviewsPage = lazyRoute(
  () => import(/* webpackChunkName: "route-user-reviews" */ '@/features/orders/pages/user-reviews-page'),
);
const UserOrdersPage = lazyRoute(
  () => import(/* webpackChunkName: "route-user-orders" */ '@/features/orders/pages/user-orders-page'),
);
const SettingsPage = lazyRoute(
  () => import(/* webpackChunkName: "route-settings" */ '@/features/identity/pages/settings-page'),
);

function MainRoute() {
  const lang = useLanguage();
  const user = useSelector(selectSessionUser);
  return (
    <LandingPage accountPath={user === null ? null : paths.settingsPage(lang, user.id, 'personal-data')} />
  );
}

// The orders feature's pages take the signed-in user from the app, which owns the session.
function OrderRoute() {
  const user = useSelector(selectSessionUser);
  return <OrderPage viewerId={user?.id ?? null} />;
}

function UserReviewsRoute({ side }: { side: 'performer' | 'customer' }) {
  const user = useSelector(selectSessionUser);
  return <UserReviewsPage side={side} viewerId={user?.id ?? null} />;
}

// customer/{id}/orders and freelancer/{id}/orders: the user's own lists for themselves (bids, invitations and
// personal offers included), the public lists for everybody else.
function UserOrdersRoute({ side }: { side: 'performer' | 'customer' }) {
  const { status, user } = useSelector(selectSession);
  const { id } = useParams();
  if (status === 'pending') return <PageLoader />;
  if (user !== null && String(user.id) === id) return <MyOrdersPage side={side} viewerId={user.id} />;
  return <UserOrdersPage side={side} viewerId={user?.id ?? null} />;
}

// customer/{id}: the orders page is the customer profile's default.
function CustomerRoute() {
  const lang = useLanguage();
  const { id } = useParams();
  return <Navigate to={paths.customerPage(lang, id ?? '', 'orders')} replace />;
}

// Only screens that exist have routes; later issues add theirs (SPEC §2 route names in comments).
export function createRoutes(): RouteObject[] {
  return [
    { path: '/', element: <LanguagePick /> },
    {
      path: '/:lang',
      element: <AppShell />,
      children: [
        { index: true, element: <MainRoute /> }, // main
        {
          path: 'login',
          element: (
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          ),
        }, // login
        {
          path: 'registration',
          element: (
            <GuestOnly>
              <RegistrationPage />
            </GuestOnly>
          ),
        }, // registration
        { path: 'verification-email', element: <VerificationEmailPage /> }, // verificationEmail
        {
          path: 'reset-password',
          element: (
            <GuestOnly>
              <ResetPasswordPage />
            </GuestOnly>
          ),
        }, // resetPassword
        {
          path: 'settings/:id/:page',
          element: (
            <RequireAuth>
              <SettingsPage />
            </RequireAuth>
          ),
        }, // settingsPage
        { path: 'orders', element: <OrdersPage /> }, // orders
        { path: 'orders/:category', element: <OrdersPage /> }, // ordersCategory
        { path: 'order/:id', element: <OrderRoute /> }, // order
        {
          path: 'order/:id/edit',
          element: (
            <RequireAuth>
              <OrderFormPage />
            </RequireAuth>
          ),
        },
        {
          path: 'create-order',
          element: (
            <RequireAuth>
              <OrderFormPage />
            </RequireAuth>
          ),
        }, // createOrder; ?performer={id} is the job offer form
        { path: 'freelancer/:id/reviews', element: <UserReviewsRoute side="performer" /> }, // freelancerPage
        { path: 'customer/:id/reviews', element: <UserReviewsRoute side="customer" /> }, // customer
        { path: 'freelancer/:id/orders', element: <UserOrdersRoute side="performer" /> }, // freelancerPage
        { path: 'customer/:id', element: <CustomerRoute /> }, // customer
        { path: 'customer/:id/orders', element: <UserOrdersRoute side="customer" /> }, // customer
        // Admin screens come with the admin issue; the guard already keeps guests and role < 1 out.
        {
          path: 'admin/*',
          element: (
            <RequireAdmin>
              <NotFoundPage />
            </RequireAdmin>
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
