import { baseApi } from '@/lib/api/base-api';

export interface UtmData {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  visited_url: string;
}

export const marketingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    postUtmData: build.mutation<void, UtmData>({
      query: (body) => ({ url: 'utm-data', method: 'POST', body }),
      extraOptions: { quiet: true },
    }),
  }),
});

export const { usePostUtmDataMutation } = marketingApi;
