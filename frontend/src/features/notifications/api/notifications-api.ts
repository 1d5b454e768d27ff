import { notificationsGeneratedApi } from '@/features/notifications/api/notifications.generated';

export const notificationsApi = notificationsGeneratedApi.enhanceEndpoints({
  endpoints: {
    listNotifications: { providesTags: [{ type: 'Notification', id: 'LIST' }] },
    markNotificationsRead: { invalidatesTags: [{ type: 'Notification', id: 'LIST' }] },
  },
});

export const { useListNotificationsQuery, useMarkNotificationsReadMutation } = notificationsApi;
