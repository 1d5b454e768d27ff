import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';

import { PageLoader } from '@/components/page-loader';
import type { UserFrameProps } from '@/components/user-profile';
import type { ContactProps, OrderPartProps } from '@/features/orders/pages/order-page';
import type { CustomerStats } from '@/lib/api/schema.generated';
import { useViewer } from '@/lib/session/viewer';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';
import { paths } from '@/lib/routing/paths';

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
const UserOrdersPage = lazyRoute(
  () => import(/* webpackChunkName: "route-user-orders" */ '@/features/orders/pages/user-orders-page'),
);

type Side = 'performer' | 'customer';

// What the orders screens show from other features; the app fills these slots (with lazy parts that arrive
// in the page's chunk).
export interface OrdersSlots {
  // order/{id} under the order: bids, invitations and the bid form (bids); then the reviews (reviews).
  Bids: ComponentType<OrderPartProps>;
  Reviews: ComponentType<OrderPartProps>;
  // order/{id}: "Write a message" to the customer, a bidder or the performer (messenger).
  Contact: ComponentType<ContactProps>;
  // order/{id}: the customer's reputation on the customer card (profiles).
  CustomerReputation: ComponentType<{ stats: CustomerStats }>;
  // order/{id}: the safe deal's panel for the customer and the performer (wallet).
  Deal: ComponentType<{ orderId: number }>;
  // create-order?performer={id}: the job offer's addressee (profiles).
  OfferPerformer: ComponentType<{ performerId: number }>;
  // One's own order pages: invitations (bids) and notifications (notifications).
  Invitations: ComponentType<{ side: Side }>;
  Notifications: ComponentType;
  // Everybody else's customer/{id}/orders and freelancer/{id}/orders: the public profile's frame (profiles).
  UserFrame: ComponentType<UserFrameProps>;
}

function OrderRoute({ Bids, Reviews, Contact, CustomerReputation, Deal }: OrdersSlots) {
  const viewer = useViewer();
  return (
    <OrderPage
      viewerId={viewer.id}
      viewerIsAdmin={viewer.admin === true}
      Bids={Bids}
      Reviews={Reviews}
      Contact={Contact}
      CustomerReputation={CustomerReputation}
      Deal={Deal}
    />
  );
}

// customer/{id}/orders and freelancer/{id}/orders: the user's own lists for themselves (bids, invitations and
// personal offers included), the public lists for everybody else.
function UserOrdersRoute({ side, ...slots }: OrdersSlots & { side: Side }) {
  const viewer = useViewer();
  const { id } = useParams();
  if (viewer.status === 'pending') return <PageLoader />;
  if (viewer.id !== null && String(viewer.id) === id) {
    return (
      <MyOrdersPage
        side={side}
        viewerId={viewer.id}
        Invitations={slots.Invitations}
        Notifications={slots.Notifications}
      />
    );
  }
  return <UserOrdersPage side={side} viewerId={viewer.id} Frame={slots.UserFrame} />;
}

// SPEC §2 route names in the comments.
export function ordersRoutes(slots: OrdersSlots): FeatureRoute[] {
  return [
    { path: 'orders', element: <OrdersPage /> }, // orders
    { path: 'orders/:category', element: <OrdersPage /> }, // ordersCategory
    { path: 'order/:id', element: <OrderRoute {...slots} /> }, // order
    {
      path: 'order/:id/edit',
      element: <OrderFormPage OfferPerformer={slots.OfferPerformer} />,
      access: 'user',
    },
    // createOrder; ?performer={id} is the job offer form
    {
      path: 'create-order',
      element: <OrderFormPage OfferPerformer={slots.OfferPerformer} />,
      access: 'user',
    },
    { path: 'freelancer/:id/orders', element: <UserOrdersRoute side="performer" {...slots} /> }, // freelancerPage
    { path: 'customer/:id/orders', element: <UserOrdersRoute side="customer" {...slots} /> }, // customer
  ];
}

export const ordersMenu: MenuEntry[] = [
  { section: 'top', id: 'orders', label: (t) => t('nav.orders'), to: (lang) => paths.orders(lang) },
  {
    section: 'freelancer',
    id: 'my-work',
    label: (t) => t('user_menu.my_work'),
    icon: 'pi pi-briefcase',
    to: (lang, userId) => paths.freelancerPage(lang, userId ?? '', 'orders'),
  },
  {
    section: 'customer',
    id: 'my-orders',
    label: (t) => t('user_menu.my_orders'),
    icon: 'pi pi-list',
    to: (lang, userId) => paths.customerPage(lang, userId ?? '', 'orders'),
  },
];
