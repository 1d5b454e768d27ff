import { ImpersonationExitButton } from '@/features/identity/components/impersonation-exit-button';
import { UserMenu } from '@/features/identity/components/user-menu';
import type { SessionUser } from '@/features/identity/model/session-slice';

export interface SignedInActionsProps {
  user: SessionUser;
}

// Split from the header: guests (the first visit) never load the menu and tooltip code.
export default function SignedInActions({ user }: SignedInActionsProps) {
  return (
    <>
      {user.impersonated && <ImpersonationExitButton />}
      <UserMenu user={user} />
    </>
  );
}
