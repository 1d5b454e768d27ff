import { baseApi } from '@/lib/api/base-api';
import type { UserCard } from '@/lib/api/schema.generated';

// The admin panel's endpoints (libs/admin, tag `admin` in docs/api/openapi.yaml: CONTRACT-13 "admin (adm)").
export interface AdminDashboard {
  users: { total: number; new_week: number; blocked: number };
  orders: { total: number; open: number };
  articles: { moderation: number };
  tickets: { open: number };
  vacancies: { published: number };
  resumes: { published: number };
}

export interface AdminUser {
  id: number;
  name: string;
  lastname: string;
  email: string;
  avatar: string | null;
  role: number;
  lang: string;
  email_verified: boolean;
  created_at: string;
  last_seen_at: string | null;
  blocked: { at: string; reason: string; by: UserCard } | null;
}

export interface AdminSession {
  id: number;
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
  impersonator: UserCard | null;
}

export interface AdminUserDetail extends AdminUser {
  sessions: AdminSession[];
  counts: { orders: number; bids: number; vacancies: number; resumes: number; articles: number };
}

export type UserStatus = 'active' | 'blocked' | 'unverified';

export interface AdminUsersArgs {
  q?: string;
  role?: number;
  status?: UserStatus;
  sort?: 'created' | 'seen';
  cursor?: string;
  limit?: number;
}

export interface AuditEntry {
  id: number;
  actor: UserCard;
  impersonator: UserCard | null;
  action: string;
  object_type: string;
  object_id: number;
  before: unknown;
  after: unknown;
  created_at: string;
}

export interface AuditArgs {
  actor?: number;
  object_type?: string;
  object_id?: number;
  action?: string;
  cursor?: string;
  limit?: number;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

// Only the set parameters go into the query string.
function defined<T extends object>(args: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(args).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

const userTags = (id: number) => [
  { type: 'AdminUser' as const, id },
  { type: 'AdminUser' as const, id: 'LIST' },
  { type: 'AdminDashboard' as const, id: 'ONE' },
  { type: 'AdminAudit' as const, id: 'LIST' },
];

export const adminPanelApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminDashboard: build.query<AdminDashboard, void>({
      query: () => ({ url: '/api/admin/dashboard' }),
      providesTags: [{ type: 'AdminDashboard', id: 'ONE' }],
    }),
    listAdminUsers: build.query<Page<AdminUser>, AdminUsersArgs>({
      query: (args) => ({ url: '/api/admin/users', params: defined(args) }),
      providesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
    getAdminUser: build.query<AdminUserDetail, { id: number }>({
      query: ({ id }) => ({ url: `/api/admin/users/${id}` }),
      providesTags: (_result, _error, arg) => [{ type: 'AdminUser', id: arg.id }],
    }),
    blockUser: build.mutation<AdminUser, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/api/admin/users/${id}/block`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, arg) => userTags(arg.id),
    }),
    unblockUser: build.mutation<AdminUser, { id: number }>({
      query: ({ id }) => ({ url: `/api/admin/users/${id}/unblock`, method: 'POST', body: {} }),
      invalidatesTags: (_result, _error, arg) => userTags(arg.id),
    }),
    setUserRole: build.mutation<AdminUser, { id: number; role: number }>({
      query: ({ id, role }) => ({ url: `/api/admin/users/${id}/role`, method: 'PUT', body: { role } }),
      invalidatesTags: (_result, _error, arg) => userTags(arg.id),
    }),
    listAudit: build.query<Page<AuditEntry>, AuditArgs>({
      query: (args) => ({ url: '/api/admin/audit', params: defined(args) }),
      providesTags: [{ type: 'AdminAudit', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetAdminDashboardQuery,
  useListAdminUsersQuery,
  useGetAdminUserQuery,
  useBlockUserMutation,
  useUnblockUserMutation,
  useSetUserRoleMutation,
  useListAuditQuery,
} = adminPanelApi;
