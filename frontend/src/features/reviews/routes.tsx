import type { ComponentType } from 'react';

import type { UserFrameProps } from '@/components/user-profile';
import { useViewer } from '@/lib/session/viewer';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';
import { paths } from '@/lib/routing/paths';

const UserReviewsPage = lazyRoute(
  () => import(/* webpackChunkName: "route-user-reviews" */ '@/features/reviews/pages/user-reviews-page'),
);

export interface ReviewsSlots {
  // The public profile's frame (profiles).
  UserFrame: ComponentType<UserFrameProps>;
}

function UserReviewsRoute({ side, UserFrame }: ReviewsSlots & { side: 'performer' | 'customer' }) {
  const viewer = useViewer();
  return <UserReviewsPage side={side} viewerId={viewer.id} Frame={UserFrame} />;
}

export function reviewsRoutes(slots: ReviewsSlots): FeatureRoute[] {
  return [
    { path: 'freelancer/:id/reviews', element: <UserReviewsRoute side="performer" {...slots} /> }, // freelancerPage
    { path: 'customer/:id/reviews', element: <UserReviewsRoute side="customer" {...slots} /> }, // customer
  ];
}

export const reviewsMenu: MenuEntry[] = [
  {
    section: 'freelancer',
    id: 'reviews-about-me',
    label: (t) => t('user_menu.reviews_about_me'),
    icon: 'pi pi-star',
    to: (lang, userId) => paths.freelancerPage(lang, userId ?? '', 'reviews'),
  },
  {
    section: 'customer',
    id: 'customer-reviews',
    label: (t) => t('user_menu.customer_reviews'),
    icon: 'pi pi-star',
    to: (lang, userId) => paths.customerPage(lang, userId ?? '', 'reviews'),
  },
];
