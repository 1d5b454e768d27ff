// The articles API's shapes, from docs/api/openapi.yaml (generated), under the names the feature uses.
import type { ArticleModeration } from '@/lib/api/schema.generated';

export type {
  AdminArticleCategory,
  Article,
  ArticleCard,
  ArticleCardPage as ArticlePage,
  ArticleCategory,
  ArticleComment,
  ArticleCommentPage as CommentPage,
  ArticleCommentThread as CommentThread,
  ArticleInput,
  ArticleModeration,
  ArticleStatus,
  VoteResult,
} from '@/lib/api/schema.generated';

export type ArticleLang = 'en' | 'ru';
export type ArticleSort = 'date' | 'rating' | 'popular';
export type ModerationReason = NonNullable<ArticleModeration['reason']>;
export type VoteValue = -1 | 0 | 1;
