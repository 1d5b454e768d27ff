-- Articles (libs/articles): Markdown articles with categories, tags, views, comments and votes (issue 13, SPEC §1,
-- §4, §5). docs/architecture.md, "Articles".
CREATE SCHEMA articles;

CREATE TABLE articles.categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name_en text NOT NULL,
  name_ru text NOT NULL,
  position int NOT NULL DEFAULT 0,
  CONSTRAINT categories_code_check CHECK (code ~ '^[a-z0-9][a-z0-9-]{1,63}$'),
  CONSTRAINT categories_names_check CHECK (length(name_en) BETWEEN 1 AND 100 AND length(name_ru) BETWEEN 1 AND 100)
);

CREATE TABLE articles.articles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The URL slug.
  code text NOT NULL UNIQUE,
  author_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  category_id bigint NOT NULL REFERENCES articles.categories (id),
  title text NOT NULL,
  lead text NOT NULL DEFAULT '',
  -- The Markdown source and its HTML rendered on save (libs/markdown: raw HTML off, links nofollow).
  body text NOT NULL,
  body_html text NOT NULL,
  -- The cover as stored by storage::FileStore::PutImage and its thumbnail; NULL: none.
  cover text,
  cover_thumbnail text,
  tags text[] NOT NULL DEFAULT '{}',
  lang text NOT NULL,
  -- The state machine of include/artel/articles/state_machine.hpp.
  status text NOT NULL DEFAULT 'draft',
  -- The last moderation decision (publish, return, block), its reason and comment, seen by the author.
  moderation_action text,
  moderation_reason text,
  moderation_comment text,
  moderated_at timestamptz,
  moderated_by bigint REFERENCES identity.users (id) ON DELETE SET NULL,
  rating int NOT NULL DEFAULT 0,
  view_count int NOT NULL DEFAULT 0,
  comment_count int NOT NULL DEFAULT 0,
  published_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- The full-text document: the title weighs most, then the lead, then the body's plain text (kept by the service,
  -- markdown::ToText), russian configuration like orders.
  body_text text NOT NULL DEFAULT '',
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('russian', title), 'A') || setweight(to_tsvector('russian', lead), 'B')
    || setweight(to_tsvector('russian', body_text), 'C')) STORED,
  CONSTRAINT articles_code_check CHECK (code ~ '^[a-z0-9][a-z0-9-]{2,99}$'),
  CONSTRAINT articles_title_check CHECK (length(title) BETWEEN 3 AND 200),
  CONSTRAINT articles_lead_check CHECK (length(lead) <= 500),
  CONSTRAINT articles_body_check CHECK (length(body) BETWEEN 1 AND 100000),
  CONSTRAINT articles_cover_check CHECK ((cover IS NULL) = (cover_thumbnail IS NULL)),
  CONSTRAINT articles_tags_check CHECK (cardinality(tags) <= 10),
  CONSTRAINT articles_lang_check CHECK (lang IN ('en', 'ru')),
  CONSTRAINT articles_status_check CHECK (status IN ('draft', 'moderation', 'published', 'blocked')),
  CONSTRAINT articles_moderation_check CHECK (
    moderation_action IN ('publish', 'return', 'block')
    AND moderation_reason IN ('spam', 'offensive', 'plagiarism', 'off_topic', 'low_quality', 'rules')),
  CONSTRAINT articles_published_check CHECK (status <> 'published' OR published_at IS NOT NULL)
);
-- The public list's orders (published only): date, rating, popularity; keyset on (key, id).
CREATE INDEX articles_published_date_idx ON articles.articles (published_at DESC, id DESC)
  WHERE status = 'published';
CREATE INDEX articles_published_rating_idx ON articles.articles (rating DESC, id DESC) WHERE status = 'published';
CREATE INDEX articles_published_popular_idx ON articles.articles (view_count DESC, id DESC)
  WHERE status = 'published';
CREATE INDEX articles_published_tags_idx ON articles.articles USING gin (tags) WHERE status = 'published';
CREATE INDEX articles_search_idx ON articles.articles USING gin (search) WHERE status = 'published';
-- The author's list and the admin's queue.
CREATE INDEX articles_author_idx ON articles.articles (author_id, updated_at DESC, id DESC);
CREATE INDEX articles_status_idx ON articles.articles (status, updated_at, id);
CREATE INDEX articles_category_idx ON articles.articles (category_id);
-- Whether a stored file is still used (storage::FileReferences, the upload sweeps).
CREATE INDEX articles_cover_idx ON articles.articles (cover) WHERE cover IS NOT NULL;
CREATE INDEX articles_cover_thumbnail_idx ON articles.articles (cover_thumbnail) WHERE cover_thumbnail IS NOT NULL;

-- One vote per user per article (+1/-1; withdrawing deletes the row); the total kept in articles.rating by the
-- transaction that votes.
CREATE TABLE articles.article_votes (
  article_id bigint NOT NULL REFERENCES articles.articles (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  value smallint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (article_id, user_id),
  CONSTRAINT article_votes_value_check CHECK (value IN (-1, 1))
);

-- One view per visitor per day: a signed-in user's id, or SHA-256 of the guest's address + User-Agent + day.
CREATE TABLE articles.views (
  article_id bigint NOT NULL REFERENCES articles.articles (id) ON DELETE CASCADE,
  visitor bytea NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (article_id, visitor, day)
);
CREATE INDEX views_day_idx ON articles.views (day);

CREATE TABLE articles.comments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  article_id bigint NOT NULL REFERENCES articles.articles (id) ON DELETE CASCADE,
  -- One level of replies: a reply's parent is always a top-level comment.
  parent_id bigint REFERENCES articles.comments (id) ON DELETE CASCADE,
  author_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- The author's own id for the comment (idempotent retries).
  client_id uuid NOT NULL,
  text text NOT NULL,
  rating int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  edited_at timestamptz,
  -- A tombstone: deleted by its author, or hidden by an admin.
  deleted_at timestamptz,
  hidden_at timestamptz,
  CONSTRAINT comments_client_key UNIQUE (author_id, client_id),
  CONSTRAINT comments_text_check CHECK (length(text) <= 5000)
);
-- The thread: top-level comments oldest first, replies under them.
CREATE INDEX comments_top_idx ON articles.comments (article_id, id) WHERE parent_id IS NULL;
CREATE INDEX comments_replies_idx ON articles.comments (parent_id, id) WHERE parent_id IS NOT NULL;

CREATE TABLE articles.comment_votes (
  comment_id bigint NOT NULL REFERENCES articles.comments (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  value smallint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (comment_id, user_id),
  CONSTRAINT comment_votes_value_check CHECK (value IN (-1, 1))
);

-- Cover files an article stopped using: the job articles.sweep_covers removes each from disk once nothing that
-- registers storage::FileReferences uses it (as companies.dropped_logos).
CREATE TABLE articles.dropped_covers (
  name text PRIMARY KEY,
  dropped_at timestamptz NOT NULL
);
CREATE INDEX dropped_covers_at_idx ON articles.dropped_covers (dropped_at);

CREATE FUNCTION articles.drop_cover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.cover IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.cover IS DISTINCT FROM NEW.cover
                                OR OLD.cover_thumbnail IS DISTINCT FROM NEW.cover_thumbnail) THEN
    INSERT INTO articles.dropped_covers (name, dropped_at)
    SELECT DISTINCT n, now() FROM unnest(ARRAY[OLD.cover, OLD.cover_thumbnail]) AS n
    ON CONFLICT (name) DO UPDATE SET dropped_at = EXCLUDED.dropped_at;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER articles_drop_cover AFTER UPDATE OF cover, cover_thumbnail OR DELETE ON articles.articles
  FOR EACH ROW EXECUTE FUNCTION articles.drop_cover();
