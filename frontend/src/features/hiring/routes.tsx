import type { ComponentType } from 'react';

import type { ResponseContactProps } from '@/features/hiring/components/response-item';
import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

export type { ResponseContactProps } from '@/features/hiring/components/response-item';

const MyResponsesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-my-responses" */ '@/features/hiring/pages/my-responses-page'),
);
const ResumeResponsesPage = lazyRoute(
  () =>
    import(/* webpackChunkName: "route-resume-responses" */ '@/features/hiring/pages/resume-responses-page'),
);
const VacancyResponsesPage = lazyRoute(
  () =>
    import(
      /* webpackChunkName: "route-vacancy-responses" */ '@/features/hiring/pages/vacancy-responses-page'
    ),
);

// What the response screens show from another feature: "Write to the candidate/employer" (messenger).
export interface HiringSlots {
  Contact: ComponentType<ResponseContactProps>;
}

// SPEC §2 route names in the comments; all need a signed-in user.
export function hiringRoutes({ Contact }: HiringSlots): FeatureRoute[] {
  return [
    { path: 'resume/my-responses', element: <MyResponsesPage Contact={Contact} />, access: 'user' },
    { path: 'resume/:id/responds', element: <ResumeResponsesPage Contact={Contact} />, access: 'user' }, // resumeResponds
    { path: 'vacancy/:id/responds', element: <VacancyResponsesPage Contact={Contact} />, access: 'user' }, // vacancyResponds
  ];
}
