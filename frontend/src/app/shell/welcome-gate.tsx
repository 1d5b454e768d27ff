import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';

import { kAdminRole, selectSession } from '@/features/identity/model/session-slice';

const WelcomeDialog = lazy(
  () => import(/* webpackChunkName: "welcome-dialog" */ '@/features/profiles/components/welcome-dialog'),
);

// SPEC §1: a signed-in user who has not said whether they look for a specialist or for a job is asked once
// per visit ("Later" hides it until the next one); the dialog's code loads only then. Admins moderate rather than
// trade, and an admin acting as a user (impersonation) must not answer for them: neither is asked.
export function WelcomeGate() {
  const { status, user } = useSelector(selectSession);
  const [dismissed, setDismissed] = useState(false);
  if (
    status !== 'Authenticated' ||
    user === null ||
    user.intent !== null ||
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
