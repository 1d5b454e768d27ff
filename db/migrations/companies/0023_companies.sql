-- Companies (libs/companies): the employers that post vacancies, and their reviews (SPEC §1, §5: a company review
-- requires a rating). docs/architecture.md, "Jobs".
CREATE SCHEMA companies;

CREATE TABLE companies.companies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The creator; only they edit the company and post its vacancies.
  owner_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The logo as stored by libs/storage (storage::FileStore::PutImage: decoded, bounded, re-encoded) and its
  -- thumbnail; NULL: none.
  logo text,
  logo_thumbnail text,
  description text NOT NULL DEFAULT '',
  website text,
  -- Codes with their names in i18n (companies:industry.<code>).
  industry text NOT NULL,
  -- Employees: 1-10, 11-50, 51-200, 201-1000, over 1000 (companies:size.<code>).
  size text NOT NULL,
  country_id int REFERENCES catalog.countries (id),
  city_id int REFERENCES catalog.cities (id),
  founded_year smallint,
  -- Set by admins only (PUT /api/admin/companies/{id}/verified).
  verified boolean NOT NULL DEFAULT false,
  -- Reviews, summed in the transaction that writes, edits or deletes one: the overall rating (required), each
  -- optional axis as a sum and a count of the reviews that rated it, and the reviewers who recommend.
  rating_sum int NOT NULL DEFAULT 0,
  review_count int NOT NULL DEFAULT 0,
  salary_sum int NOT NULL DEFAULT 0,
  salary_count int NOT NULL DEFAULT 0,
  management_sum int NOT NULL DEFAULT 0,
  management_count int NOT NULL DEFAULT 0,
  team_sum int NOT NULL DEFAULT 0,
  team_count int NOT NULL DEFAULT 0,
  growth_sum int NOT NULL DEFAULT 0,
  growth_count int NOT NULL DEFAULT 0,
  conditions_sum int NOT NULL DEFAULT 0,
  conditions_count int NOT NULL DEFAULT 0,
  recommend_yes int NOT NULL DEFAULT 0,
  recommend_count int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT companies_name_check CHECK (length(name) BETWEEN 2 AND 120),
  CONSTRAINT companies_logo_check CHECK ((logo IS NULL) = (logo_thumbnail IS NULL)),
  CONSTRAINT companies_description_check CHECK (length(description) <= 5000),
  CONSTRAINT companies_website_check CHECK (length(website) <= 200),
  CONSTRAINT companies_industry_check CHECK (industry IN (
    'it', 'finance', 'retail', 'manufacturing', 'construction', 'education', 'healthcare', 'media', 'logistics',
    'hospitality', 'government', 'consulting', 'energy', 'agriculture', 'other')),
  CONSTRAINT companies_size_check CHECK (size IN ('1_10', '11_50', '51_200', '201_1000', '1000_plus')),
  CONSTRAINT companies_founded_check CHECK (founded_year BETWEEN 1700 AND 2100),
  CONSTRAINT companies_counts_check CHECK (
    review_count >= 0 AND rating_sum BETWEEN review_count AND 5 * review_count
    AND salary_sum BETWEEN salary_count AND 5 * salary_count
    AND management_sum BETWEEN management_count AND 5 * management_count
    AND team_sum BETWEEN team_count AND 5 * team_count
    AND growth_sum BETWEEN growth_count AND 5 * growth_count
    AND conditions_sum BETWEEN conditions_count AND 5 * conditions_count
    AND recommend_yes BETWEEN 0 AND recommend_count)
);
CREATE INDEX companies_owner_idx ON companies.companies (owner_id, id DESC);
-- Whether a stored file is still used (storage::FileReferences, the upload sweeps).
CREATE INDEX companies_logo_idx ON companies.companies (logo) WHERE logo IS NOT NULL;
CREATE INDEX companies_logo_thumbnail_idx ON companies.companies (logo_thumbnail) WHERE logo_thumbnail IS NOT NULL;

-- A review of a company: one per user per company (editable), never by the company's owner. The overall rating is
-- required (SPEC §5 'Rate please'); the axes are optional. `anonymous`: shown without the author; the author is
-- never returned to anybody but the author (not in an API answer, not in a notification).
CREATE TABLE companies.reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies.companies (id) ON DELETE CASCADE,
  author_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  rating smallint NOT NULL,
  salary smallint,
  management smallint,
  team smallint,
  growth smallint,
  conditions smallint,
  pros text NOT NULL DEFAULT '',
  cons text NOT NULL DEFAULT '',
  -- current: works there now; former: worked there; candidate: was interviewed.
  relation text NOT NULL,
  position text NOT NULL DEFAULT '',
  recommend boolean,
  anonymous boolean NOT NULL DEFAULT false,
  -- The company's one reply.
  reply text,
  replied_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT reviews_company_author_key UNIQUE (company_id, author_id),
  CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
  CONSTRAINT reviews_axes_check CHECK (
    salary BETWEEN 1 AND 5 AND management BETWEEN 1 AND 5 AND team BETWEEN 1 AND 5
    AND growth BETWEEN 1 AND 5 AND conditions BETWEEN 1 AND 5),
  CONSTRAINT reviews_texts_check CHECK (length(pros) <= 2000 AND length(cons) <= 2000 AND length(position) <= 120),
  CONSTRAINT reviews_relation_check CHECK (relation IN ('current', 'former', 'candidate')),
  CONSTRAINT reviews_reply_check CHECK ((reply IS NULL) = (replied_at IS NULL) AND length(reply) <= 2000)
);
CREATE INDEX reviews_company_idx ON companies.reviews (company_id, created_at DESC, id DESC);
CREATE INDEX reviews_author_idx ON companies.reviews (author_id);
