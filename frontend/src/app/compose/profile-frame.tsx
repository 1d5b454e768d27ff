import { InviteToOrder } from '@/features/bids/components/invite-to-order';
import { useOpenOrders } from '@/features/orders/hooks/use-open-orders';
import { UserPage } from '@/features/profiles/pages/user-page';
import type { UserFrameProps } from '@/components/user-profile';

// "Invite to one of your open orders": the bids feature's invitation over the orders feature's list.
function InviteToOpenOrder({ performerId }: { performerId: number }) {
  const openOrders = useOpenOrders();
  return <InviteToOrder performerId={performerId} openOrders={openOrders} />;
}

// The public profile's frame (profiles) with the invitation on a freelancer's card; the orders and reviews
// features draw their tabs in it.
export function ProfileFrame(props: UserFrameProps) {
  return <UserPage {...props} Actions={InviteToOpenOrder} />;
}
