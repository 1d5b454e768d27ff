import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';

import { kAdminRole, selectSession } from '@/features/identity/model/session-slice';

const WelcomeDialog = lazy(
  () => import(/* webpackChunkName: "welcome-dialog" */ '@/features/profiles/components/welcome-dialog'),
);

// SPEC §1: a signed-in user who has not said whether they look for a specialist or for a job is asked; "Later"
// is kept by the server, which asks again a week later (user info's welcome_due); the dialog's code loads only
// then. Admins moderate rather than
// trade, and an admin acting as a user (impersonation) must not answer for them: neither is asked.
export function WelcomeGate() {
  const { status, user } = useSelector(selectSession);
  const [dismissed, setDismissed] = useState(false);
  if (
    status !== 'Authenticated' ||
    user === null ||
    !user.welcomeDue ||
    user.impersonated ||
    user.role >= kAdminRole ||
    dismissed
  ) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <WelcomeDialog onClose={() => setDismissed(true)} />
    </Suspense>
  );
}
