import type { ResumesSlots } from '@/features/resumes/pages/resume-page';
import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

export type { ResumesSlots } from '@/features/resumes/pages/resume-page';

const ResumesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-resumes" */ '@/features/resumes/pages/resumes-page'),
);
const ResumePage = lazyRoute(
  () => import(/* webpackChunkName: "route-resume" */ '@/features/resumes/pages/resume-page'),
);
const ResumeFormPage = lazyRoute(
  () => import(/* webpackChunkName: "route-resume-form" */ '@/features/resumes/pages/resume-form-page'),
);
const MyResumesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-my-resumes" */ '@/features/resumes/pages/my-resumes-page'),
);

// SPEC §2 route names in the comments; ids are digits (the pages answer 404 otherwise).
export function resumesRoutes(slots: ResumesSlots): FeatureRoute[] {
  return [
    { path: 'resumes', element: <ResumesPage /> }, // resumeList
    { path: 'resumes/my', element: <MyResumesPage />, access: 'user' }, // resumeListMy
    { path: 'resumes/:category', element: <ResumesPage /> }, // resumeListCategory
    { path: 'resume/create', element: <ResumeFormPage />, access: 'user' }, // resumeCreate
    { path: 'resume/:id', element: <ResumePage Invite={slots.Invite} /> }, // resumeDetail
    { path: 'resume/:id/edit', element: <ResumeFormPage />, access: 'user' }, // resumeEdit
  ];
}
