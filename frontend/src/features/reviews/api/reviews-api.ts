import { reviewsGeneratedApi } from '@/features/reviews/api/reviews.generated';

// The generated endpoints with their cache tags; a review changes its order and both users' rating summaries.
export const reviewsApi = reviewsGeneratedApi.enhanceEndpoints({
  endpoints: {
    listUserReviews: {
      providesTags: (_result, _error, arg) => [
        { type: 'Review', id: 'LIST' },
        { type: 'PublicUser', id: arg.id },
      ],
    },
    createReview: {
      invalidatesTags: (_result, _error, arg) => [
        { type: 'Order', id: arg.id },
        { type: 'Review', id: 'LIST' },
        'PublicUser',
      ],
    },
    replyToReview: {
      invalidatesTags: (result) => [
        { type: 'Review', id: 'LIST' },
        // The replier is a party of the order, so its id is never withheld (null) here.
        ...(result?.order_id == null ? [] : [{ type: 'Order' as const, id: result.order_id }]),
      ],
    },
  },
});

export const { useListUserReviewsQuery, useCreateReviewMutation, useReplyToReviewMutation } = reviewsApi;
