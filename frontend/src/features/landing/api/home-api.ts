import { homeGeneratedApi } from '@/features/landing/api/home.generated';

// The home page's front (GET /api/home): one request for every live block of the page. The server keeps it for
// half a minute, so a visit back within a minute shows the copy at hand and refreshes it in the background.
export const homeApi = homeGeneratedApi.enhanceEndpoints({
  endpoints: {
    getHome: { keepUnusedDataFor: 60 },
  },
});

export const { useGetHomeQuery } = homeApi;
