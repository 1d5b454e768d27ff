import { bidsGeneratedApi } from '@/features/orders/api/bids.generated';
import { catalogGeneratedApi } from '@/features/orders/api/catalog.generated';
import { notificationsGeneratedApi } from '@/features/orders/api/notifications.generated';
import { ordersGeneratedApi } from '@/features/orders/api/orders.generated';
import { reviewsGeneratedApi } from '@/features/orders/api/reviews.generated';
import { usersGeneratedApi } from '@/features/orders/api/users.generated';

export type {
  Attachment,
  BidKind,
  Money,
  OrderDetail,
  OrderInput,
  OrderState,
  OrderSummary,
  OrderViewer,
  PaymentOption,
  UserCard,
  ListOrdersApiArg,
} from '@/features/orders/api/orders.generated';
export type { Bid, BidInput, Invitation } from '@/features/orders/api/bids.generated';
export type { Catalog } from '@/features/orders/api/catalog.generated';
export type { Review, RatingSummary } from '@/features/orders/api/reviews.generated';
export type { Notification } from '@/features/orders/api/notifications.generated';
export type { PublicUser } from '@/features/orders/api/users.generated';

const kTags = ['Order', 'Bid', 'Invitation', 'Review', 'Notification', 'PublicUser', 'User'] as const;

const orderTags = (id: number) => [
  { type: 'Order' as const, id },
  { type: 'Order' as const, id: 'LIST' },
];

// The generated endpoints (docs/api/openapi.yaml) with their cache tags: by id plus a LIST tag.
export const ordersApi = ordersGeneratedApi.enhanceEndpoints({
  addTagTypes: kTags,
  endpoints: {
    listOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    countOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    listMyOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    listUserOrders: { providesTags: [{ type: 'Order', id: 'LIST' }] },
    getOrder: {
      providesTags: (_result, _error, arg) => [{ type: 'Order', id: arg.id }],
    },
    createOrder: { invalidatesTags: [{ type: 'Order', id: 'LIST' }] },
    updateOrder: { invalidatesTags: (_result, _error, arg) => orderTags(arg.id) },
    deleteOrder: { invalidatesTags: (_result, _error, arg) => orderTags(arg.id) },
    closeOrder: { invalidatesTags: (_result, _error, arg) => orderTags(arg.id) },
    reopenOrder: { invalidatesTags: (_result, _error, arg) => orderTags(arg.id) },
    completeOrder: { invalidatesTags: (_result, _error, arg) => orderTags(arg.id) },
  },
});

export const catalogApi = catalogGeneratedApi.enhanceEndpoints({
  endpoints: {
    // One copy serves both languages; it changes rarely, so it stays cached for the whole visit.
    getCatalog: { keepUnusedDataFor: 3600 },
  },
});

export const bidsApi = bidsGeneratedApi.enhanceEndpoints({
  addTagTypes: kTags,
  endpoints: {
    listOrderBids: {
      providesTags: (_result, _error, arg) => [
        { type: 'Bid', id: 'LIST' },
        { type: 'Order', id: arg.id },
      ],
    },
    // The bid form and the 409 of a duplicate bid are shown on the form.
    createBid: {
      invalidatesTags: (_result, _error, arg) => [...orderTags(arg.id), { type: 'Bid', id: 'LIST' }],
    },
    updateBid: {
      invalidatesTags: (result) => [
        { type: 'Bid', id: 'LIST' },
        ...(result === undefined ? [] : orderTags(result.order_id)),
      ],
    },
    withdrawBid: { invalidatesTags: [{ type: 'Bid', id: 'LIST' }, 'Order'] },
    selectPerformer: {
      invalidatesTags: (_result, _error, arg) => [...orderTags(arg.id), { type: 'Bid', id: 'LIST' }],
    },
    // The invite button shows the 409 'You have already sent an invitation for this order' itself.
    inviteToOrder: {
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
      extraOptions: { quiet: true },
    },
    createJobOffer: {
      invalidatesTags: [
        { type: 'Order', id: 'LIST' },
        { type: 'Invitation', id: 'LIST' },
      ],
    },
    listInvitations: { providesTags: [{ type: 'Invitation', id: 'LIST' }] },
    acceptInvitation: { invalidatesTags: ['Order', { type: 'Invitation', id: 'LIST' }] },
    declineInvitation: { invalidatesTags: ['Order', { type: 'Invitation', id: 'LIST' }] },
  },
});

export const reviewsApi = reviewsGeneratedApi.enhanceEndpoints({
  addTagTypes: kTags,
  endpoints: {
    listUserReviews: {
      providesTags: (_result, _error, arg) => [
        { type: 'Review', id: 'LIST' },
        { type: 'PublicUser', id: arg.id },
      ],
    },
    createReview: {
      invalidatesTags: (_result, _error, arg) => [
        { type: 'Order', id: arg.id },
        { type: 'Review', id: 'LIST' },
        'PublicUser',
      ],
    },
    replyToReview: {
      invalidatesTags: (result) => [
        { type: 'Review', id: 'LIST' },
        ...(result === undefined ? [] : [{ type: 'Order' as const, id: result.order_id }]),
      ],
    },
  },
});

export const notificationsApi = notificationsGeneratedApi.enhanceEndpoints({
  addTagTypes: kTags,
  endpoints: {
    listNotifications: { providesTags: [{ type: 'Notification', id: 'LIST' }] },
    markNotificationsRead: { invalidatesTags: [{ type: 'Notification', id: 'LIST' }] },
  },
});

export const usersApi = usersGeneratedApi.enhanceEndpoints({
  addTagTypes: kTags,
  endpoints: {
    getPublicUser: { providesTags: (_result, _error, arg) => [{ type: 'PublicUser', id: arg.id }] },
    // The session reloads user/info (tag User) and so learns the intent.
    completeWelcome: { invalidatesTags: ['User'] },
  },
});

export const {
  useListOrdersQuery,
  useCountOrdersQuery,
  useListMyOrdersQuery,
  useListUserOrdersQuery,
  useGetOrderQuery,
  useCreateOrderMutation,
  useUpdateOrderMutation,
  useDeleteOrderMutation,
  useCloseOrderMutation,
  useReopenOrderMutation,
  useCompleteOrderMutation,
} = ordersApi;
export const { useGetCatalogQuery } = catalogApi;
export const {
  useListOrderBidsQuery,
  useCreateBidMutation,
  useUpdateBidMutation,
  useWithdrawBidMutation,
  useSelectPerformerMutation,
  useInviteToOrderMutation,
  useCreateJobOfferMutation,
  useListInvitationsQuery,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
} = bidsApi;
export const { useListUserReviewsQuery, useCreateReviewMutation, useReplyToReviewMutation } = reviewsApi;
export const { useListNotificationsQuery, useMarkNotificationsReadMutation } = notificationsApi;
export const { useGetPublicUserQuery, useCompleteWelcomeMutation } = usersApi;
