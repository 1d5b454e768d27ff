import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQuery } from '@/lib/api/base-query';

// The one RTK Query API; features inject their endpoints (generated from docs/api/openapi.yaml).
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Profile', 'Session'],
  endpoints: () => ({}),
});
