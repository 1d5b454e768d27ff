import { walletGeneratedApi } from '@/features/wallet/api/wallet.generated';

const kMoneyMoved = [
  { type: 'Deal' as const, id: 'ALL' },
  { type: 'Wallet' as const, id: 'BALANCES' },
  { type: 'Wallet' as const, id: 'STATEMENT' },
];

const kPayoutMoved = [
  { type: 'Payout' as const, id: 'LIST' },
  { type: 'Payout' as const, id: 'QUEUE' },
  { type: 'Wallet' as const, id: 'BALANCES' },
  { type: 'Wallet' as const, id: 'STATEMENT' },
];

// A credited top-up changes the balances and the statement; the checkout page polls its top-up.
export const walletApi = walletGeneratedApi.enhanceEndpoints({
  endpoints: {
    getWallet: { providesTags: [{ type: 'Wallet', id: 'BALANCES' }] },
    getWalletStatement: { providesTags: [{ type: 'Wallet', id: 'STATEMENT' }] },
    getTopup: { providesTags: (_result, _error, arg) => [{ type: 'Topup', id: arg.id }] },
    createTopup: {},
    sandboxPay: { invalidatesTags: (_result, _error, arg) => [{ type: 'Topup', id: arg.id }] },
    sandboxConfirm: { invalidatesTags: (_result, _error, arg) => [{ type: 'Topup', id: arg.id }] },
    // The safe deal: every step changes the deal, and the money-moving ones the balances and the statement.
    getOrderDeal: { providesTags: [{ type: 'Deal', id: 'ALL' }] },
    listWalletDeals: { providesTags: [{ type: 'Deal', id: 'ALL' }] },
    listDealDisputes: { providesTags: [{ type: 'Deal', id: 'ALL' }] },
    addDealMilestone: { invalidatesTags: [{ type: 'Deal', id: 'ALL' }] },
    fundMilestone: { invalidatesTags: kMoneyMoved },
    deliverMilestone: { invalidatesTags: [{ type: 'Deal', id: 'ALL' }] },
    acceptMilestone: { invalidatesTags: kMoneyMoved },
    requestMilestoneChanges: { invalidatesTags: [{ type: 'Deal', id: 'ALL' }] },
    refundMilestone: { invalidatesTags: kMoneyMoved },
    disputeMilestone: { invalidatesTags: [{ type: 'Deal', id: 'ALL' }] },
    resolveMilestone: { invalidatesTags: kMoneyMoved },
    // Payouts: a request or a cancel moves money; the admins' decisions change the owner's list and the queue.
    listPayoutMethods: { providesTags: [{ type: 'Payout', id: 'METHODS' }] },
    createPayoutMethod: { invalidatesTags: [{ type: 'Payout', id: 'METHODS' }] },
    deletePayoutMethod: { invalidatesTags: [{ type: 'Payout', id: 'METHODS' }] },
    listPayouts: { providesTags: [{ type: 'Payout', id: 'LIST' }] },
    createPayout: { invalidatesTags: kPayoutMoved },
    cancelPayout: { invalidatesTags: kPayoutMoved },
    listPendingPayouts: { providesTags: [{ type: 'Payout', id: 'QUEUE' }] },
    approvePayout: { invalidatesTags: [{ type: 'Payout', id: 'QUEUE' }] },
    rejectPayout: { invalidatesTags: kPayoutMoved },
  },
});

export const {
  useGetWalletQuery,
  useGetWalletStatementQuery,
  useCreateTopupMutation,
  useGetTopupQuery,
  useSandboxPayMutation,
  useSandboxConfirmMutation,
  useGetOrderDealQuery,
  useListWalletDealsQuery,
  useListDealDisputesQuery,
  useAddDealMilestoneMutation,
  useFundMilestoneMutation,
  useDeliverMilestoneMutation,
  useAcceptMilestoneMutation,
  useRequestMilestoneChangesMutation,
  useRefundMilestoneMutation,
  useDisputeMilestoneMutation,
  useResolveMilestoneMutation,
  useListPayoutMethodsQuery,
  useCreatePayoutMethodMutation,
  useDeletePayoutMethodMutation,
  useListPayoutsQuery,
  useCreatePayoutMutation,
  useCancelPayoutMutation,
  useListPendingPayoutsQuery,
  useApprovePayoutMutation,
  useRejectPayoutMutation,
} = walletApi;

// After a top-up succeeded: the wallet's balances and statement are stale.
export const walletChanged = () =>
  walletApi.util.invalidateTags([
    { type: 'Wallet', id: 'BALANCES' },
    { type: 'Wallet', id: 'STATEMENT' },
  ]);
