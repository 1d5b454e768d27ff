import { walletGeneratedApi } from '@/features/wallet/api/wallet.generated';

// A credited top-up changes the balances and the statement; the checkout page polls its top-up.
export const walletApi = walletGeneratedApi.enhanceEndpoints({
  endpoints: {
    getWallet: { providesTags: [{ type: 'Wallet', id: 'BALANCES' }] },
    getWalletStatement: { providesTags: [{ type: 'Wallet', id: 'STATEMENT' }] },
    getTopup: { providesTags: (_result, _error, arg) => [{ type: 'Topup', id: arg.id }] },
    createTopup: {},
    sandboxPay: { invalidatesTags: (_result, _error, arg) => [{ type: 'Topup', id: arg.id }] },
    sandboxConfirm: { invalidatesTags: (_result, _error, arg) => [{ type: 'Topup', id: arg.id }] },
  },
});

export const {
  useGetWalletQuery,
  useGetWalletStatementQuery,
  useCreateTopupMutation,
  useGetTopupQuery,
  useSandboxPayMutation,
  useSandboxConfirmMutation,
} = walletApi;

// After a top-up succeeded: the wallet's balances and statement are stale.
export const walletChanged = () =>
  walletApi.util.invalidateTags([
    { type: 'Wallet', id: 'BALANCES' },
    { type: 'Wallet', id: 'STATEMENT' },
  ]);
