import type { AdminUsersArgs, UserStatus } from '@/features/admin/api/admin-api';

export interface UserFilters {
  q: string;
  role: 0 | 1 | null;
  status: UserStatus | null;
}

const kStatuses: readonly UserStatus[] = ['active', 'blocked', 'unverified'];

// admin/users?q=…&role=0|1&status=active|blocked|unverified: the filters live in the URL (Back keeps them).
export function readUserFilters(search: URLSearchParams): UserFilters {
  const role = search.get('role');
  const status = search.get('status');
  return {
    q: search.get('q')?.trim() ?? '',
    role: role === '0' ? 0 : role === '1' ? 1 : null,
    status: kStatuses.find((value) => value === status) ?? null,
  };
}

export function writeUserFilters(filters: UserFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q !== '') search.set('q', filters.q);
  if (filters.role !== null) search.set('role', String(filters.role));
  if (filters.status !== null) search.set('status', filters.status);
  return search;
}

export function toUsersArgs(filters: UserFilters, cursor: string | undefined): AdminUsersArgs {
  return {
    ...(filters.q === '' ? {} : { q: filters.q }),
    ...(filters.role === null ? {} : { role: filters.role }),
    ...(filters.status === null ? {} : { status: filters.status }),
    ...(cursor === undefined ? {} : { cursor }),
  };
}
