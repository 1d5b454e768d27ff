import { marketingGeneratedApi } from '@/features/marketing/api/marketing.generated';

export type { UtmData } from '@/lib/api/schema.generated';

export const marketingApi = marketingGeneratedApi.enhanceEndpoints({
  // Attribution is best effort: a failure is not the visitor's problem.
  endpoints: { storeUtmData: { extraOptions: { quiet: true } } },
});

export const { useStoreUtmDataMutation } = marketingApi;
