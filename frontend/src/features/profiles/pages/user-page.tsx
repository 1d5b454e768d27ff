import '@/styles/marketplace.css';

import { useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import type { UserFrameProps } from '@/components/user-profile';
import { useGetPublicUserQuery } from '@/features/profiles/api/profiles-api';
import { CustomerFrame } from '@/features/profiles/components/customer-frame';
import { FreelancerFrame } from '@/features/profiles/components/freelancer-frame';
import type { ProfileSlots } from '@/features/profiles/components/profile-slots';
import { errorStatus } from '@/lib/api/api-error';
import { isDigitId } from '@/lib/routing/digit-id';

export interface UserPageProps extends UserFrameProps, ProfileSlots {}

// customer/{id}/… and freelancer/{id}/… tabs of the orders and reviews features as everybody else sees them:
// the profile's frame (the freelancer's header and tabs, or the customer's card with the about text and the
// reputation) around the tab, which gets the public card (GET /api/users/{id}); 404 for an unknown user.
export function UserPage({ side, title, children, Actions, Contact }: UserPageProps) {
  const { id } = useParams();
  const valid = isDigitId(id);
  const userQuery = useGetPublicUserQuery({ id: Number(id) }, { skip: !valid });
  const { data: user, error } = userQuery;
  if (!valid || errorStatus(error) === 404) return <NotFoundPage />;
  const tab = user === undefined ? <QueryFallback results={[userQuery]} /> : children(user);
  if (side === 'performer') {
    return (
      <FreelancerFrame profileKey={id ?? ''} title={title} Actions={Actions} Contact={Contact}>
        {() => tab}
      </FreelancerFrame>
    );
  }
  return (
    <CustomerFrame userId={Number(id)} title={title} Contact={Contact}>
      {tab}
    </CustomerFrame>
  );
}
