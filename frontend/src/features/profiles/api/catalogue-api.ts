import { profilesGeneratedApi } from '@/features/profiles/api/profiles.generated';

export type { FreelancerCard, FreelancerPage } from '@/lib/api/schema.generated';

// The freelancer catalogue's endpoints (GET /api/freelancers, /api/freelancers/counts). A profile saved by its
// owner changes what the lists show: they hold the PublicUser LIST tag the profile's edits invalidate.
export const catalogueApi = profilesGeneratedApi.enhanceEndpoints({
  endpoints: {
    listFreelancers: { providesTags: [{ type: 'PublicUser', id: 'LIST' }] },
    countFreelancers: { providesTags: [{ type: 'PublicUser', id: 'LIST' }] },
  },
});

export const { useListFreelancersQuery, useCountFreelancersQuery } = catalogueApi;
