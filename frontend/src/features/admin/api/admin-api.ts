import {
  adminGeneratedApi,
  type ListAdminUsersApiArg,
  type ListAuditApiArg,
} from '@/features/admin/api/admin.generated';

export type {
  AdminDashboard,
  AdminSession,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
} from '@/lib/api/schema.generated';

export type AdminUsersArgs = ListAdminUsersApiArg;
export type AuditArgs = ListAuditApiArg;
export type UserStatus = NonNullable<ListAdminUsersApiArg['status']>;

const userTags = (id: number) => [
  { type: 'AdminUser' as const, id },
  { type: 'AdminUser' as const, id: 'LIST' },
  { type: 'AdminDashboard' as const, id: 'ONE' },
  { type: 'AdminAudit' as const, id: 'LIST' },
];

// The admin panel's generated endpoints (tag `admin`) with their cache tags: a change to a user refreshes the
// user, the lists, the dashboard's counts and the audit log.
export const adminPanelApi = adminGeneratedApi.enhanceEndpoints({
  endpoints: {
    getAdminDashboard: { providesTags: [{ type: 'AdminDashboard', id: 'ONE' }] },
    listAdminUsers: { providesTags: [{ type: 'AdminUser', id: 'LIST' }] },
    getAdminUser: { providesTags: (_result, _error, arg) => [{ type: 'AdminUser', id: arg.id }] },
    blockUser: { invalidatesTags: (_result, _error, arg) => userTags(arg.id) },
    unblockUser: { invalidatesTags: (_result, _error, arg) => userTags(arg.id) },
    setUserRole: { invalidatesTags: (_result, _error, arg) => userTags(arg.id) },
    listAudit: { providesTags: [{ type: 'AdminAudit', id: 'LIST' }] },
  },
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
