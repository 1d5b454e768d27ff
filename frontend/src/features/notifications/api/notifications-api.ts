import { notificationsGeneratedApi } from '@/features/notifications/api/notifications.generated';

export const notificationsApi = notificationsGeneratedApi.enhanceEndpoints({
  endpoints: {
    listNotifications: { providesTags: [{ type: 'Notification', id: 'LIST' }] },
    markNotificationsRead: { invalidatesTags: [{ type: 'Notification', id: 'LIST' }] },
    updateNotificationSettings: {
      // The answer is the settings after the change: written into the cache, no refetch.
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          notificationsGeneratedApi.util.upsertQueryData('getNotificationSettings', { id: arg.id }, data),
        );
      },
    },
  },
});

export const {
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  useUnsubscribeNotificationsMutation,
} = notificationsApi;
