import { bidsGeneratedApi } from '@/features/bids/api/bids.generated';
import { payloadId, refreshOnNotification } from '@/lib/realtime/live-tags';

const orderTags = (id: number) => [
  { type: 'Order' as const, id },
  { type: 'Order' as const, id: 'LIST' },
];

// The generated endpoints with their cache tags; a bid or an invitation changes its order (tag Order).
export const bidsApi = bidsGeneratedApi.enhanceEndpoints({
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
    listInvitations: { providesTags: [{ type: 'Invitation', id: 'LIST' }] },
    acceptInvitation: { invalidatesTags: ['Order', { type: 'Invitation', id: 'LIST' }] },
    declineInvitation: { invalidatesTags: ['Order', { type: 'Invitation', id: 'LIST' }] },
  },
});

export const {
  useListOrderBidsQuery,
  useCreateBidMutation,
  useUpdateBidMutation,
  useWithdrawBidMutation,
  useSelectPerformerMutation,
  useInviteToOrderMutation,
  useListInvitationsQuery,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
} = bidsApi;

// An open order page shows a new bid, a choice of performer or an answered invitation as it happens.
refreshOnNotification(
  [
    'bid_received',
    'bid_selected',
    'bid_rejected',
    'invitation_received',
    'invitation_accepted',
    'invitation_declined',
  ],
  ({ payload }) => {
    const orderId = payloadId(payload, 'order_id');
    return [
      { type: 'Bid', id: 'LIST' },
      { type: 'Invitation', id: 'LIST' },
      ...(orderId === undefined ? [] : [{ type: 'Order' as const, id: orderId }]),
    ];
  },
);
