import { articlesGeneratedApi } from '@/features/articles/api/articles.generated';
import type {
  AdminArticleCategory,
  Article,
  ArticleComment,
  ArticleInput,
  ArticlePage,
  ArticleStatus,
  ModerationReason,
} from '@/features/articles/model/types';

export type { ListArticlesApiArg as ListArticlesArg } from '@/features/articles/api/articles.generated';

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
const commentTags = (id: number) => [{ type: 'ArticleComments' as const, id }];

// The generated endpoints (tag `articles`) with their cache tags: an article by id and a LIST tag for every list;
// comments by the article's id. A vote puts the new total into every cached copy of the article at once.
const enhanced = articlesGeneratedApi.enhanceEndpoints({
  endpoints: {
    listArticleCategories: { providesTags: [{ type: 'Article', id: 'LIST' }] },
    listArticles: { providesTags: [{ type: 'Article', id: 'LIST' }] },
    listMyArticles: { providesTags: [{ type: 'Article', id: 'LIST' }] },
    getArticle: {
      providesTags: (result) =>
        result === undefined ? [{ type: 'Article', id: 'LIST' }] : [{ type: 'Article', id: result.id }],
    },
    createArticle: { invalidatesTags: [{ type: 'Article', id: 'LIST' }] },
    updateArticle: { invalidatesTags: (_result, _error, arg) => articleTags(arg.id) },
    deleteArticle: { invalidatesTags: [{ type: 'Article', id: 'LIST' }] },
    submitArticle: { invalidatesTags: (_result, _error, arg) => articleTags(arg.id) },
    uploadArticleCover: { invalidatesTags: (_result, _error, arg) => articleTags(arg.id) },
    deleteArticleCover: { invalidatesTags: (_result, _error, arg) => articleTags(arg.id) },
    listArticleComments: { providesTags: (_result, _error, arg) => commentTags(arg.id) },
    createArticleComment: {
      invalidatesTags: (_result, _error, arg) => [...commentTags(arg.id), { type: 'Article', id: 'LIST' }],
    },
    updateArticleComment: { invalidatesTags: (_result, _error, arg) => commentTags(arg.id) },
    deleteArticleComment: { invalidatesTags: (_result, _error, arg) => commentTags(arg.id) },
    voteArticleComment: { invalidatesTags: (_result, _error, arg) => commentTags(arg.id) },
    voteArticle: {
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled;
        for (const args of enhanced.util.selectCachedArgsForQuery(getState(), 'getArticle')) {
          dispatch(
            enhanced.util.updateQueryData('getArticle', args, (article) => {
              if (article.id !== id) return;
              article.rating = data.rating;
              article.my_vote = data.my_vote;
            }),
          );
        }
      },
      invalidatesTags: [{ type: 'Article', id: 'LIST' }],
    },
  },
});

// The admin's article operations. The OpenAPI tag `admin` generates them into another feature's client, which
// this feature may not import, so they are declared here with the schema's types.
export const articlesApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
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
      invalidatesTags: (_result, _error, arg) => commentTags(arg.id),
    }),
    listAdminCategories: build.query<{ items: AdminArticleCategory[] }, void>({
      query: () => ({ url: '/api/admin/articles/categories' }),
      providesTags: [{ type: 'Article', id: 'CATEGORIES' }],
    }),
    createCategory: build.mutation<AdminArticleCategory, Omit<AdminArticleCategory, 'id' | 'article_count'>>({
      query: (body) => ({ url: '/api/admin/articles/categories', method: 'POST', body }),
      invalidatesTags: [
        { type: 'Article', id: 'CATEGORIES' },
        { type: 'Article', id: 'LIST' },
      ],
    }),
    updateCategory: build.mutation<AdminArticleCategory, Omit<AdminArticleCategory, 'article_count'>>({
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
  useListArticleCommentsQuery,
  useCreateArticleCommentMutation,
  useUpdateArticleCommentMutation,
  useDeleteArticleCommentMutation,
  useVoteArticleCommentMutation,
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
