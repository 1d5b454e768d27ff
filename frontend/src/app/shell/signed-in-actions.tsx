import { ImpersonationExitButton } from '@/features/identity/components/impersonation-exit-button';
import { UserMenu } from '@/features/identity/components/user-menu';
import type { SessionUser } from '@/features/identity/model/session-slice';
import type { MenuEntry } from '@/lib/routing/feature-route';

export interface SignedInActionsProps {
  user: SessionUser;
  menu: readonly MenuEntry[];
}

// Split from the header: guests (the first visit) never load the menu and tooltip code.
export default function SignedInActions({ user, menu }: SignedInActionsProps) {
  return (
    <>
      {user.impersonated && <ImpersonationExitButton />}
      <UserMenu user={user} entries={menu} />
    </>
  );
}
