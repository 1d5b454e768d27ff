import { baseApi as api } from '@/lib/api/base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<ListNotificationsApiResponse, ListNotificationsApiArg>({
      query: () => ({ url: `/api/notifications` }),
    }),
    markNotificationsRead: build.mutation<MarkNotificationsReadApiResponse, MarkNotificationsReadApiArg>({
      query: () => ({ url: `/api/notifications/read`, method: 'POST' }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as notificationsGeneratedApi };
export type ListNotificationsApiResponse = /** status 200 Newest first. */ {
  items: Notification[];
  unread: number;
};
export type ListNotificationsApiArg = void;
export type MarkNotificationsReadApiResponse = /** status 200 Done; nothing to report. */ EmptyObject;
export type MarkNotificationsReadApiArg = void;
export type Notification = {
  id: number;
  kind:
    | 'bid_received'
    | 'bid_selected'
    | 'bid_rejected'
    | 'invitation_received'
    | 'invitation_accepted'
    | 'invitation_declined'
    | 'order_completed'
    | 'review_received'
    | 'order_opened';
  payload: {
    order_id: number;
    order_name: string;
    /** The other user involved (bidder, customer, reviewer), when there is one. */
    user_name?: string;
  };
  created_at: string;
  read: boolean;
};
export type ErrorResponse = {
  /** Stable machine word. */
  code:
    | 'BadRequest'
    | 'Unauthenticated'
    | 'Forbidden'
    | 'NotFound'
    | 'MethodNotAllowed'
    | 'Conflict'
    | 'PayloadTooLarge'
    | 'UnsupportedMediaType'
    | 'ValidationFailed'
    | 'XsrfTokenMismatch'
    | 'RateLimited'
    | 'Internal'
    | 'ServiceUnavailable';
  /** Human text in the request's language. */
  message: string;
  /** Per-field messages (ValidationFailed), in the request's language. */
  errors?: {
    [key: string]: string[];
  };
};
export type EmptyObject = object;
