// The articles API's shapes (docs/api/openapi.yaml, tag `articles` and the admin's article operations).
import type { Image, UserCard } from '@/lib/api/schema.generated';

export type ArticleStatus = 'draft' | 'moderation' | 'published' | 'blocked';
export type ArticleLang = 'en' | 'ru';
export type ArticleSort = 'date' | 'rating' | 'popular';
export type ModerationReason = 'spam' | 'offensive' | 'plagiarism' | 'off_topic' | 'low_quality' | 'rules';
export type ModerationAction = 'publish' | 'return' | 'block';

export interface ArticleModeration {
  action: ModerationAction | string;
  reason: ModerationReason | null;
  comment: string | null;
  at: string;
}

export interface ArticleCategory {
  id: number;
  code: string;
  name: string;
  article_count: number;
}

export interface AdminArticleCategory {
  id: number;
  code: string;
  name_en: string;
  name_ru: string;
  position: number;
  article_count?: number;
}

export interface ArticleCard {
  id: number;
  code: string;
  title: string;
  lead: string;
  cover: Image | null;
  category_id: number;
  tags: string[];
  lang: ArticleLang;
  author: UserCard;
  status: ArticleStatus;
  published_at: string | null;
  updated_at: string;
  rating: number;
  view_count: number;
  comment_count: number;
  moderation?: ArticleModeration | null;
}

export interface Article extends ArticleCard {
  body_html: string;
  body: string | null;
  moderation: ArticleModeration | null;
  my_vote: number;
  is_author: boolean;
  can_vote: boolean;
}

export interface ArticlePage {
  items: ArticleCard[];
  next_cursor: string | null;
}

export interface ArticleInput {
  title: string;
  code?: string | null;
  lead: string;
  body: string;
  category_id: number;
  tags: string[];
  lang: ArticleLang;
}

export interface VoteResult {
  rating: number;
  my_vote: number;
}

export interface ArticleComment {
  id: number;
  parent_id: number | null;
  author: UserCard;
  text: string | null;
  deleted: boolean;
  hidden: boolean;
  created_at: string;
  edited_at: string | null;
  editable_until: string | null;
  rating: number;
  my_vote: number;
}

export interface CommentThread extends ArticleComment {
  replies: ArticleComment[];
}

export interface CommentPage {
  items: CommentThread[];
  next_cursor: string | null;
  total: number;
}
