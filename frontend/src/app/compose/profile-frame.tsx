import { InviteToOrder } from '@/features/bids/components/invite-to-order';
import { useOpenOrders } from '@/features/orders/hooks/use-open-orders';
import { WriteMessageButton } from '@/features/messenger/components/write-message-button';
import { UserPage } from '@/features/profiles/pages/user-page';
import type { UserFrameProps } from '@/components/user-profile';

// "Invite to one of your open orders": the bids feature's invitation over the orders feature's list.
export function InviteToOpenOrder({ performerId }: { performerId: number }) {
  const openOrders = useOpenOrders();
  return <InviteToOrder performerId={performerId} openOrders={openOrders} />;
}

export function WriteToUser({ userId }: { userId: number }) {
  return <WriteMessageButton userId={userId} />;
}

// The public profile's frame (profiles) with the invitation on a freelancer's card and "Write a message" on
// everybody's (messenger); the orders and reviews features draw their tabs in it.
export function ProfileFrame(props: UserFrameProps) {
  return <UserPage {...props} Actions={InviteToOpenOrder} Contact={WriteToUser} />;
}
