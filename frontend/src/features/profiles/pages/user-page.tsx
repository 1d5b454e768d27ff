import '@/styles/marketplace.css';

import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { UserProfile, type UserFrameProps } from '@/components/user-profile';
import { useGetPublicUserQuery } from '@/features/profiles/api/profiles-api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { fullName } from '@/lib/format/format';
import { isDigitId } from '@/lib/routing/digit-id';

export interface UserPageProps extends UserFrameProps {
  Actions?: ComponentType<{ performerId: number }>;
  Contact?: ComponentType<{ userId: number }>;
}

// customer/{id}/… and freelancer/{id}/… as everybody else sees them: the public card (GET /api/users/{id}) with
// both rating summaries and the tabs, around the tab's content; 404 for an unknown user.
export function UserPage({ side, viewerId, title, children, Actions, Contact }: UserPageProps) {
  const { id } = useParams();
  const valid = isDigitId(id);
  const userQuery = useGetPublicUserQuery({ id: Number(id) }, { skip: !valid });
  const { data: user, error } = userQuery;
  useDocumentTitle(user === undefined ? title : `${fullName(user)} — ${title}`);

  if (!valid || errorStatus(error) === 404) return <NotFoundPage />;
  if (user === undefined) return <QueryFallback results={[userQuery]} page />;
  return (
    <UserProfile
      user={user}
      side={side}
      viewerId={viewerId}
      actions={Actions === undefined ? undefined : <Actions performerId={user.id} />}
      contact={Contact === undefined ? undefined : <Contact userId={user.id} />}
    >
      {children(user)}
    </UserProfile>
  );
}
