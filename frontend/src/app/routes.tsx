import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

import { LanguagePick } from '@/app/language-pick';
import { AppShell } from '@/app/shell/app-shell';
import {
  kAdminSlots,
  kCompaniesSlots,
  kHiringSlots,
  kIdentitySlots,
  kNotificationsSlots,
  kOrdersSlots,
  kProfileSlots,
  kResumesSlots,
  kReviewsSlots,
  kVacanciesSlots,
} from '@/app/slots';
import { NotFoundPage } from '@/components/not-found-page';
import { GuestOnly, RequireAdmin, RequireAuth } from '@/features/identity/components/guards';
import { adminRoutes } from '@/features/admin/routes';
import { articlesRoutes } from '@/features/articles/routes';
import { companiesRoutes } from '@/features/companies/routes';
import { identityRoutes } from '@/features/identity/routes';
import { helpRoutes } from '@/features/help/routes';
import { hiringRoutes } from '@/features/hiring/routes';
import { landingRoutes } from '@/features/landing/routes';
import { marketingRoutes } from '@/features/marketing/routes';
import { messengerRoutes } from '@/features/messenger/routes';
import { notificationsRoutes } from '@/features/notifications/routes';
import { ordersRoutes } from '@/features/orders/routes';
import { profilesRoutes } from '@/features/profiles/routes';
import { resumesRoutes } from '@/features/resumes/routes';
import { reviewsRoutes } from '@/features/reviews/routes';
import { vacanciesRoutes } from '@/features/vacancies/routes';
import { walletRoutes } from '@/features/wallet/routes';
import { favouritesRoutes } from '@/features/favourites/routes';
import type { FeatureRoute, RouteAccess } from '@/lib/routing/feature-route';

// Every feature's screens under /{lang}: one line per feature (a feature with slots gets them from app/slots).
const kFeatureRoutes: FeatureRoute[] = [
  ...landingRoutes(),
  ...identityRoutes(kIdentitySlots),
  ...ordersRoutes(kOrdersSlots),
  ...reviewsRoutes(kReviewsSlots),
  ...profilesRoutes(kProfileSlots),
  ...notificationsRoutes(kNotificationsSlots),
  ...messengerRoutes,
  ...resumesRoutes(kResumesSlots),
  ...hiringRoutes(kHiringSlots),
  ...companiesRoutes(kCompaniesSlots),
  ...vacanciesRoutes(kVacanciesSlots),
  ...marketingRoutes,
  ...adminRoutes(kAdminSlots),
  ...articlesRoutes,
  ...helpRoutes,
  ...walletRoutes,
  ...favouritesRoutes,
];

// A route's access level becomes identity's guard around its element.
function guarded(access: RouteAccess | undefined, element: ReactNode): ReactNode {
  switch (access) {
    case 'guest':
      return <GuestOnly>{element}</GuestOnly>;
    case 'user':
      return <RequireAuth>{element}</RequireAuth>;
    case 'admin':
      return <RequireAdmin>{element}</RequireAdmin>;
    default:
      return element;
  }
}

function toRouteObject({ path, element, access }: FeatureRoute): RouteObject {
  const guardedElement = guarded(access, element);
  return path === undefined ? { index: true, element: guardedElement } : { path, element: guardedElement };
}

export function createRoutes(): RouteObject[] {
  return [
    { path: '/', element: <LanguagePick /> },
    {
      path: '/:lang',
      element: <AppShell />,
      children: [
        ...kFeatureRoutes.map(toRouteObject),
        // An unknown admin path: 404 behind the same guard as the admin screens.
        toRouteObject({ path: 'admin/*', element: <NotFoundPage />, access: 'admin' }),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
