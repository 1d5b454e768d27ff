import { Link } from 'react-router-dom';

import type { UserCard } from '@/lib/api/schema.generated';
import { fullName } from '@/lib/format/format';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export interface PersonLinkProps {
  user: UserCard;
  // Which public page: the freelancer's reviews, or the customer's orders (the customer profile's default).
  as: 'performer' | 'customer';
  size?: number;
}

export function PersonLink({ user, as, size = 32 }: PersonLinkProps) {
  const lang = useLanguage();
  const to =
    as === 'performer'
      ? paths.freelancerPage(lang, user.id, 'reviews')
      : paths.customerPage(lang, user.id, 'orders');
  return (
    <Link to={to} className="person-link">
      <img className="avatar" src={user.avatar ?? kDefaultAvatar} alt="" width={size} height={size} />
      <span>{fullName(user)}</span>
    </Link>
  );
}
