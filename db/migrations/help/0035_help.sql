-- Help and support (libs/help): the FAQ in both languages, support tickets with their answers and files, and
-- the legal/info pages with every version kept.
CREATE SCHEMA help;

CREATE TABLE help.faq_categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name_en text NOT NULL,
  name_ru text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE help.faq_questions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  -- A category with questions cannot be deleted (409 help:category_in_use).
  category_id bigint NOT NULL REFERENCES help.faq_categories (id),
  question_en text NOT NULL,
  question_ru text NOT NULL,
  answer_en text NOT NULL,   -- Markdown
  answer_ru text NOT NULL,
  answer_html_en text NOT NULL,  -- rendered on save (markdown::ToHtml)
  answer_html_ru text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  -- Both languages in one vector, `russian` configuration (as orders'): Cyrillic stemmed as Russian, Latin
  -- words as English.
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('russian'::regconfig, question_en || ' ' || question_ru), 'A') ||
    setweight(to_tsvector('russian'::regconfig, answer_en || ' ' || answer_ru), 'B')) STORED
);
CREATE INDEX faq_questions_category_idx ON help.faq_questions (category_id, position, id);
CREATE INDEX faq_questions_search_idx ON help.faq_questions USING gin (search);

CREATE TABLE help.tickets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic text NOT NULL CHECK (topic IN ('account', 'orders', 'payments', 'jobs', 'bug', 'other')),
  subject text NOT NULL,
  message text NOT NULL,
  email text NOT NULL,
  user_id bigint REFERENCES identity.users (id) ON DELETE SET NULL,
  lang text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  ip text,
  created_at timestamptz NOT NULL,
  answered_at timestamptz
);
CREATE INDEX tickets_status_idx ON help.tickets (status, id DESC);
CREATE INDEX tickets_user_idx ON help.tickets (user_id, id DESC) WHERE user_id IS NOT NULL;

-- The answers of admins (the user's own text is the ticket's message).
CREATE TABLE help.ticket_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES help.tickets (id) ON DELETE CASCADE,
  admin_id bigint REFERENCES identity.users (id) ON DELETE SET NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX ticket_messages_ticket_idx ON help.ticket_messages (ticket_id, id);

-- Uploads of the support form: NULL ticket_id until a ticket uses them; unattached ones are swept.
-- A guest's upload has no owner_id: it is bound to the uploader by `uploader` (user:<id> or ip:<address>).
CREATE TABLE help.attachments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id bigint REFERENCES help.tickets (id) ON DELETE CASCADE,
  uploader text NOT NULL,
  file_name text NOT NULL,
  thumbnail_name text,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX attachments_ticket_idx ON help.attachments (ticket_id, id);
CREATE INDEX attachments_unattached_idx ON help.attachments (created_at) WHERE ticket_id IS NULL;
CREATE INDEX attachments_file_name_idx ON help.attachments (file_name);
CREATE INDEX attachments_thumbnail_name_idx ON help.attachments (thumbnail_name) WHERE thumbnail_name IS NOT NULL;

CREATE TABLE help.pages (
  id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,  -- the audit's object_id
  code text NOT NULL,
  lang text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,       -- Markdown
  body_html text NOT NULL,  -- rendered on save
  version integer NOT NULL,
  updated_by bigint REFERENCES identity.users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (code, lang)
);

-- Every version of every page, the current one included.
CREATE TABLE help.page_versions (
  code text NOT NULL,
  lang text NOT NULL,
  version integer NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  author_id bigint REFERENCES identity.users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (code, lang, version),
  FOREIGN KEY (code, lang) REFERENCES help.pages (code, lang) ON DELETE CASCADE
);
