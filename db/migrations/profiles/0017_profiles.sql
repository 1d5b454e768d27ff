-- Profiles (libs/profiles): a performer's profile, portfolio and prices, a customer's profile, and both sides'
-- reputation kept as summary rows (docs/architecture.md, "Profiles"). SPEC §1, §3, §5.
CREATE SCHEMA profiles;

-- A performer: the profile a user fills, and their reputation. The row exists once the user saved any part of
-- the profile or took part in an order as performer (the reputation listeners upsert it); the catalogue lists
-- the rows with a main specialization.
CREATE TABLE profiles.freelancers (
  user_id bigint PRIMARY KEY REFERENCES identity.users (id) ON DELETE CASCADE,
  -- The portfolio address (freelancer/{slug}); unique case-insensitively (freelancers_slug_key).
  slug text,
  headline text NOT NULL DEFAULT '',
  about text NOT NULL DEFAULT '',
  -- catalog.specializations ids in the owner's order (at most 5) and the main one among them; category_ids are
  -- their categories, kept with them, so the category filter and counts read this row alone.
  specialization_ids int[] NOT NULL DEFAULT '{}',
  main_specialization_id int REFERENCES catalog.specializations (id),
  category_ids int[] NOT NULL DEFAULT '{}',
  -- catalog.skills ids (at most 30), checked in code.
  skill_ids int[] NOT NULL DEFAULT '{}',
  experience_years smallint,
  country_id int REFERENCES catalog.countries (id),
  city_id int REFERENCES catalog.cities (id),
  -- ISO 639-1 codes of the languages the performer works in.
  languages text[] NOT NULL DEFAULT '{}',
  -- The hourly rate in minor units of its currency, and its rouble equivalent at the rate when written (the
  -- rate filter and sort across currencies, as orders' budget_base); NULL: not given.
  rate_amount bigint,
  rate_currency char(3) REFERENCES catalog.currencies (code),
  rate_base bigint,
  -- Open to work (true) or busy.
  available boolean NOT NULL DEFAULT true,
  -- Portfolio projects, kept by the code that adds and deletes them ("with portfolio only").
  project_count int NOT NULL DEFAULT 0,
  -- Reputation as performer: reviews from customers, completed orders, customers with two or more of them.
  rating_sum int NOT NULL DEFAULT 0,
  review_count int NOT NULL DEFAULT 0,
  rating numeric(4, 3) GENERATED ALWAYS AS (
    CASE WHEN review_count > 0 THEN round(rating_sum::numeric / review_count, 3) END) STORED,
  completed_orders int NOT NULL DEFAULT 0,
  repeat_customers int NOT NULL DEFAULT 0,
  -- Name, headline, about and the skills' names in both languages, written by the code that saves any of
  -- them (the `russian` configuration stems Cyrillic and Latin words alike, as orders' search).
  search tsvector NOT NULL DEFAULT ''::tsvector,
  -- The last time the performer did something a customer would call activity (saved the profile or the
  -- portfolio, placed a bid): the catalogue's "recent activity" sort.
  active_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT freelancers_slug_check CHECK (slug ~ '^[A-Za-z0-9_-]{3,32}$'),
  CONSTRAINT freelancers_headline_check CHECK (length(headline) <= 120),
  CONSTRAINT freelancers_about_check CHECK (length(about) <= 5000),
  CONSTRAINT freelancers_specializations_check CHECK (cardinality(specialization_ids) <= 5),
  CONSTRAINT freelancers_main_check CHECK (
    (cardinality(specialization_ids) = 0 AND main_specialization_id IS NULL)
    OR main_specialization_id = ANY (specialization_ids)),
  CONSTRAINT freelancers_skills_check CHECK (cardinality(skill_ids) <= 30),
  CONSTRAINT freelancers_languages_check CHECK (cardinality(languages) <= 10),
  CONSTRAINT freelancers_experience_check CHECK (experience_years BETWEEN 0 AND 70),
  CONSTRAINT freelancers_rate_check CHECK (
    (rate_amount IS NULL AND rate_currency IS NULL AND rate_base IS NULL)
    OR (rate_amount > 0 AND rate_currency IS NOT NULL AND rate_base IS NOT NULL)),
  CONSTRAINT freelancers_counts_check CHECK (
    project_count >= 0 AND review_count >= 0 AND rating_sum BETWEEN review_count AND 5 * review_count
    AND completed_orders >= 0 AND repeat_customers >= 0)
);
CREATE UNIQUE INDEX freelancers_slug_key ON profiles.freelancers (lower(slug)) WHERE slug IS NOT NULL;

-- A customer: the about text and the reputation as customer.
CREATE TABLE profiles.customers (
  user_id bigint PRIMARY KEY REFERENCES identity.users (id) ON DELETE CASCADE,
  about text NOT NULL DEFAULT '',
  orders_posted int NOT NULL DEFAULT 0,
  -- Orders whose performer was chosen (a selected bid or an accepted personal offer), and of those completed.
  performers_selected int NOT NULL DEFAULT 0,
  orders_completed int NOT NULL DEFAULT 0,
  -- The median time from posting to choosing the performer, over the customer's orders with a performer.
  median_select_seconds bigint,
  -- Reviews from performers.
  rating_sum int NOT NULL DEFAULT 0,
  review_count int NOT NULL DEFAULT 0,
  rating numeric(4, 3) GENERATED ALWAYS AS (
    CASE WHEN review_count > 0 THEN round(rating_sum::numeric / review_count, 3) END) STORED,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT customers_about_check CHECK (length(about) <= 5000),
  CONSTRAINT customers_counts_check CHECK (
    orders_posted >= 0 AND performers_selected >= 0 AND orders_completed BETWEEN 0 AND performers_selected
    AND review_count >= 0 AND rating_sum BETWEEN review_count AND 5 * review_count)
);

-- Portfolio groups (SPEC §3): name, description ≤ 500, priority (the owner's order, ascending).
CREATE TABLE profiles.portfolio_groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  priority int NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT portfolio_groups_name_check CHECK (length(name) BETWEEN 1 AND 100),
  CONSTRAINT portfolio_groups_description_check CHECK (length(description) <= 500)
);
CREATE INDEX portfolio_groups_user_idx ON profiles.portfolio_groups (user_id, priority, id);

-- Portfolio projects (SPEC §3): name, description ≤ 500, images, tools, priority; in one group or none.
CREATE TABLE profiles.portfolio_projects (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  group_id bigint REFERENCES profiles.portfolio_groups (id) ON DELETE SET NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  tools text[] NOT NULL DEFAULT '{}',
  link text,
  priority int NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT portfolio_projects_name_check CHECK (length(name) BETWEEN 1 AND 200),
  CONSTRAINT portfolio_projects_description_check CHECK (length(description) <= 500),
  CONSTRAINT portfolio_projects_tools_check CHECK (cardinality(tools) <= 20),
  CONSTRAINT portfolio_projects_link_check CHECK (length(link) <= 500)
);
CREATE INDEX portfolio_projects_user_idx ON profiles.portfolio_projects (user_id, priority, id);
CREATE INDEX portfolio_projects_group_idx ON profiles.portfolio_projects (group_id) WHERE group_id IS NOT NULL;

-- A project's images (at most 10, one cover), stored by libs/storage after decoding and re-encoding.
CREATE TABLE profiles.portfolio_images (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES profiles.portfolio_projects (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  thumbnail_name text NOT NULL,
  width int NOT NULL,
  height int NOT NULL,
  position int NOT NULL,
  is_cover boolean NOT NULL DEFAULT false,
  CONSTRAINT portfolio_images_size_check CHECK (width > 0 AND height > 0)
);
CREATE INDEX portfolio_images_project_idx ON profiles.portfolio_images (project_id, position);
CREATE UNIQUE INDEX portfolio_images_cover_key ON profiles.portfolio_images (project_id) WHERE is_cover;

-- Prices: the performer's services in the owner's order.
CREATE TABLE profiles.prices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- fixed: exactly the amount; from: the amount is the lowest price.
  kind text NOT NULL,
  amount bigint NOT NULL,
  currency char(3) NOT NULL REFERENCES catalog.currencies (code),
  unit text NOT NULL,
  priority int NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT prices_name_check CHECK (length(name) BETWEEN 1 AND 100),
  CONSTRAINT prices_description_check CHECK (length(description) <= 500),
  CONSTRAINT prices_kind_check CHECK (kind IN ('fixed', 'from')),
  CONSTRAINT prices_amount_check CHECK (amount > 0),
  CONSTRAINT prices_unit_check CHECK (
    unit IN ('project', 'hour', 'day', 'month', 'page', 'thousand_chars', 'item', 'minute'))
);
CREATE INDEX prices_user_idx ON profiles.prices (user_id, priority, id);
