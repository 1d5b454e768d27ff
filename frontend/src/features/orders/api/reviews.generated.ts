import { baseApi as api } from '@/lib/api/base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    createReview: build.mutation<CreateReviewApiResponse, CreateReviewApiArg>({
      query: (queryArg) => ({
        url: `/api/orders/${queryArg.id}/reviews`,
        method: 'POST',
        body: queryArg.body,
      }),
    }),
    replyToReview: build.mutation<ReplyToReviewApiResponse, ReplyToReviewApiArg>({
      query: (queryArg) => ({
        url: `/api/reviews/${queryArg.id}/reply`,
        method: 'POST',
        body: queryArg.body,
      }),
    }),
    listUserReviews: build.query<ListUserReviewsApiResponse, ListUserReviewsApiArg>({
      query: (queryArg) => ({
        url: `/api/users/${queryArg.id}/reviews`,
        params: {
          as: queryArg['as'],
          cursor: queryArg.cursor,
          limit: queryArg.limit,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as reviewsGeneratedApi };
export type CreateReviewApiResponse = /** status 201 Created. */ Review;
export type CreateReviewApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  body: {
    rating: number;
    text: string;
  };
};
export type ReplyToReviewApiResponse = /** status 200 The review with its reply. */ Review;
export type ReplyToReviewApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  body: {
    text: string;
  };
};
export type ListUserReviewsApiResponse = /** status 200 One page with the rating summary. */ {
  items: Review[];
  next_cursor: string | null;
  summary: RatingSummary;
};
export type ListUserReviewsApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  as?: 'performer' | 'customer';
  /** The `next_cursor` of the previous page (opaque). */
  cursor?: string;
  limit?: number;
};
export type UserCard = {
  id: number;
  name: string;
  lastname: string;
  avatar: string | null;
};
export type Review = {
  id: number;
  order_id: number;
  order_name: string;
  author: UserCard;
  target: UserCard;
  author_role: 'customer' | 'performer';
  rating: number;
  text: string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
};
export type ErrorResponse = {
  /** Stable machine word. */
  code:
    | 'BadRequest'
    | 'Unauthenticated'
    | 'Forbidden'
    | 'NotFound'
    | 'MethodNotAllowed'
    | 'Conflict'
    | 'PayloadTooLarge'
    | 'UnsupportedMediaType'
    | 'ValidationFailed'
    | 'XsrfTokenMismatch'
    | 'RateLimited'
    | 'Internal'
    | 'ServiceUnavailable';
  /** Human text in the request's language. */
  message: string;
  /** Per-field messages (ValidationFailed), in the request's language. */
  errors?: {
    [key: string]: string[];
  };
};
export type RatingSummary = {
  count: number;
  /** Mean rating 1–5; null without reviews. */
  average: number | null;
};
