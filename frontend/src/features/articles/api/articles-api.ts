import type {
  AdminArticleCategory,
  Article,
  ArticleCategory,
  ArticleComment,
  ArticleInput,
  ArticlePage,
  ArticleSort,
  ArticleStatus,
  CommentPage,
  ModerationReason,
  VoteResult,
} from '@/features/articles/model/types';
import { baseApi } from '@/lib/api/base-api';

export interface ListArticlesArg {
  q?: string;
  category?: number;
  tag?: string;
  lang?: 'en' | 'ru';
  sort?: ArticleSort;
  cursor?: string;
  limit?: number;
}

export interface ModerateArg {
  id: number;
  action: 'return' | 'block';
  reason: ModerationReason | null;
  comment: string;
}

const articleTags = (id: number) => [
  { type: 'Article' as const, id },
  { type: 'Article' as const, id: 'LIST' },
];

// The articles endpoints (docs/api/openapi.yaml: the `articles` tag and the admin's article operations, which
// the admin tag's generated client keeps in another feature) with their cache tags: an article by id and a LIST
// tag for every list; comments by article id.
export const articlesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listArticleCategories: build.query<{ items: ArticleCategory[] }, void>({
      query: () => ({ url: '/api/articles/categories' }),
      providesTags: [{ type: 'Article', id: 'LIST' }],
    }),
    listArticles: build.query<ArticlePage, ListArticlesArg>({
      query: (arg) => ({ url: '/api/articles', params: { ...arg } }),
      providesTags: [{ type: 'Article', id: 'LIST' }],
    }),
    listMyArticles: build.query<ArticlePage, { status?: ArticleStatus; cursor?: string; limit?: number }>({
      query: (arg) => ({ url: '/api/articles/my', params: { ...arg } }),
      providesTags: [{ type: 'Article', id: 'LIST' }],
    }),
    getArticle: build.query<Article, { code: string }>({
      query: ({ code }) => ({ url: `/api/articles/${encodeURIComponent(code)}` }),
      providesTags: (result) =>
        result === undefined ? [{ type: 'Article', id: 'LIST' }] : [{ type: 'Article', id: result.id }],
    }),
    createArticle: build.mutation<Article, ArticleInput>({
      query: (body) => ({ url: '/api/articles', method: 'POST', body }),
      invalidatesTags: [{ type: 'Article', id: 'LIST' }],
    }),
    updateArticle: build.mutation<Article, { id: number; input: ArticleInput }>({
      query: ({ id, input }) => ({ url: `/api/articles/${id}`, method: 'PUT', body: input }),
      invalidatesTags: (_result, _error, arg) => articleTags(arg.id),
    }),
    deleteArticle: build.mutation<void, { id: number }>({
      query: ({ id }) => ({ url: `/api/articles/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Article', id: 'LIST' }],
    }),
    submitArticle: build.mutation<Article, { id: number }>({
      query: ({ id }) => ({ url: `/api/articles/${id}/submit`, method: 'POST' }),
      invalidatesTags: (_result, _error, arg) => articleTags(arg.id),
    }),
    deleteArticleCover: build.mutation<Article, { id: number }>({
      query: ({ id }) => ({ url: `/api/articles/${id}/cover`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, arg) => articleTags(arg.id),
    }),
    voteArticle: build.mutation<VoteResult, { id: number; code: string; value: number }>({
      query: ({ id, value }) => ({ url: `/api/articles/${id}/vote`, method: 'PUT', body: { value } }),
      // The page's cached article takes the new total at once.
      async onQueryStarted({ code }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          articlesApi.util.updateQueryData('getArticle', { code }, (article) => {
            article.rating = data.rating;
            article.my_vote = data.my_vote;
          }),
        );
      },
    }),
    listComments: build.query<CommentPage, { id: number; cursor?: string; limit?: number }>({
      query: ({ id, cursor, limit }) => ({ url: `/api/articles/${id}/comments`, params: { cursor, limit } }),
      providesTags: (_result, _error, arg) => [{ type: 'ArticleComments', id: arg.id }],
    }),
    createComment: build.mutation<
      ArticleComment,
      { id: number; text: string; parent_id: number | null; client_id: string }
    >({
      query: ({ id, ...body }) => ({ url: `/api/articles/${id}/comments`, method: 'POST', body }),
      invalidatesTags: (_result, _error, arg) => [
        { type: 'ArticleComments', id: arg.id },
        { type: 'Article', id: arg.id },
      ],
    }),
    editComment: build.mutation<ArticleComment, { id: number; commentId: number; text: string }>({
      query: ({ id, commentId, text }) => ({
        url: `/api/articles/${id}/comments/${commentId}`,
        method: 'PATCH',
        body: { text },
      }),
      invalidatesTags: (_result, _error, arg) => [{ type: 'ArticleComments', id: arg.id }],
    }),
    deleteComment: build.mutation<void, { id: number; commentId: number }>({
      query: ({ id, commentId }) => ({ url: `/api/articles/${id}/comments/${commentId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, arg) => [{ type: 'ArticleComments', id: arg.id }],
    }),
    voteComment: build.mutation<VoteResult, { id: number; commentId: number; value: number }>({
      query: ({ id, commentId, value }) => ({
        url: `/api/articles/${id}/comments/${commentId}/vote`,
        method: 'PUT',
        body: { value },
      }),
      invalidatesTags: (_result, _error, arg) => [{ type: 'ArticleComments', id: arg.id }],
    }),
    // The admin's operations.
    listAdminArticles: build.query<
      ArticlePage,
      { status?: ArticleStatus; q?: string; cursor?: string; limit?: number }
    >({
      query: (arg) => ({ url: '/api/admin/articles', params: { ...arg } }),
      providesTags: [{ type: 'Article', id: 'LIST' }],
    }),
    getAdminArticle: build.query<Article, { id: number }>({
      query: ({ id }) => ({ url: `/api/admin/articles/${id}` }),
      providesTags: (_result, _error, arg) => [{ type: 'Article', id: arg.id }],
    }),
    createAdminArticle: build.mutation<Article, ArticleInput & { publish: boolean }>({
      query: (body) => ({ url: '/api/admin/articles', method: 'POST', body }),
      invalidatesTags: [{ type: 'Article', id: 'LIST' }],
    }),
    updateAdminArticle: build.mutation<Article, { id: number; input: ArticleInput & { publish: boolean } }>({
      query: ({ id, input }) => ({ url: `/api/admin/articles/${id}`, method: 'PUT', body: input }),
      invalidatesTags: (_result, _error, arg) => articleTags(arg.id),
    }),
    publishArticle: build.mutation<Article, { id: number }>({
      query: ({ id }) => ({ url: `/api/admin/articles/${id}/publish`, method: 'POST' }),
      invalidatesTags: (_result, _error, arg) => articleTags(arg.id),
    }),
    moderateArticle: build.mutation<Article, ModerateArg>({
      query: ({ id, action, reason, comment }) => ({
        url: `/api/admin/articles/${id}/${action}`,
        method: 'POST',
        body: { reason, comment },
      }),
      invalidatesTags: (_result, _error, arg) => articleTags(arg.id),
    }),
    hideComment: build.mutation<ArticleComment, { id: number; commentId: number; hidden: boolean }>({
      query: ({ id, commentId, hidden }) => ({
        url: `/api/admin/articles/${id}/comments/${commentId}/hide`,
        method: 'POST',
        body: { hidden },
      }),
      invalidatesTags: (_result, _error, arg) => [{ type: 'ArticleComments', id: arg.id }],
    }),
    listAdminCategories: build.query<{ items: AdminArticleCategory[] }, void>({
      query: () => ({ url: '/api/admin/articles/categories' }),
      providesTags: [{ type: 'Article', id: 'CATEGORIES' }],
    }),
    createCategory: build.mutation<AdminArticleCategory, Omit<AdminArticleCategory, 'id'>>({
      query: (body) => ({ url: '/api/admin/articles/categories', method: 'POST', body }),
      invalidatesTags: [
        { type: 'Article', id: 'CATEGORIES' },
        { type: 'Article', id: 'LIST' },
      ],
    }),
    updateCategory: build.mutation<AdminArticleCategory, AdminArticleCategory>({
      query: ({ id, ...body }) => ({ url: `/api/admin/articles/categories/${id}`, method: 'PUT', body }),
      invalidatesTags: [
        { type: 'Article', id: 'CATEGORIES' },
        { type: 'Article', id: 'LIST' },
      ],
    }),
    deleteCategory: build.mutation<void, { id: number }>({
      query: ({ id }) => ({ url: `/api/admin/articles/categories/${id}`, method: 'DELETE' }),
      invalidatesTags: [
        { type: 'Article', id: 'CATEGORIES' },
        { type: 'Article', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useListArticleCategoriesQuery,
  useListArticlesQuery,
  useListMyArticlesQuery,
  useGetArticleQuery,
  useCreateArticleMutation,
  useUpdateArticleMutation,
  useDeleteArticleMutation,
  useSubmitArticleMutation,
  useDeleteArticleCoverMutation,
  useVoteArticleMutation,
  useListCommentsQuery,
  useCreateCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
  useVoteCommentMutation,
  useListAdminArticlesQuery,
  useGetAdminArticleQuery,
  useCreateAdminArticleMutation,
  useUpdateAdminArticleMutation,
  usePublishArticleMutation,
  useModerateArticleMutation,
  useHideCommentMutation,
  useListAdminCategoriesQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
} = articlesApi;
