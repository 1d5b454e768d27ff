import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQuery } from '@/lib/api/base-query';

// Every cache tag type of every feature, declared once: a feature's endpoints may invalidate another's tags
// (a new bid refreshes the order), so the types live here rather than in each feature's addTagTypes.
export const kTagTypes = [
  'User',
  'Profile',
  'Session',
  'Order',
  'Bid',
  'Invitation',
  'Review',
  'Notification',
  'PublicUser',
  'Chat',
  'ChatMessages',
  'Freelancer',
  'Portfolio',
  'Prices',
  'Customer',
  'Resume',
  'Response',
  'Company',
  'CompanyReview',
  'Vacancy',
  'AdminDashboard',
  'AdminUser',
  'AdminAudit',
  'LandingPage',
  'Article',
  'ArticleComments',
  'Faq',
  'Page',
  'Ticket',
  'Wallet',
  'Topup',
  'Deal',
  'Payout',
] as const;

// The one RTK Query API; features inject their endpoints (generated from docs/api/openapi.yaml).
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: kTagTypes,
  endpoints: () => ({}),
});
