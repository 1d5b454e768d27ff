import { walletGeneratedApi } from '@/features/wallet/api/wallet.generated';

const kMoneyMoved = [
  { type: 'Deal' as const, id: 'ALL' },
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
} = walletApi;

// After a top-up succeeded: the wallet's balances and statement are stale.
export const walletChanged = () =>
  walletApi.util.invalidateTags([
    { type: 'Wallet', id: 'BALANCES' },
    { type: 'Wallet', id: 'STATEMENT' },
  ]);
