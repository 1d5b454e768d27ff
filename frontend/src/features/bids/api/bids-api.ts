import { bidsGeneratedApi } from '@/features/bids/api/bids.generated';

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
