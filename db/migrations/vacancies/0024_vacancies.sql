-- Vacancies (libs/vacancies): what a company's owner posts, found by applicants through filters and search.
-- States: draft → published → archived, republish; a published vacancy archives itself when expires_at passes
-- (the vacancies.archive_expired job) unless renewed. docs/architecture.md, "Jobs".
CREATE SCHEMA vacancies;

CREATE TABLE vacancies.vacancies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies.companies (id) ON DELETE RESTRICT,
  -- The company's owner when written (the only one who edits it): the owner's lists read this row alone.
  owner_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  title text NOT NULL,
  category_id int NOT NULL REFERENCES catalog.categories (id),
  specialization_id int REFERENCES catalog.specializations (id),
  description text NOT NULL,
  -- Key skills: catalog.skills ids, at most 30.
  skill_ids int[] NOT NULL DEFAULT '{}',
  -- The salary range in minor units of its currency (either end may be open); all NULL: by agreement.
  -- salary_base: the top of the range (to, else from) in kopecks at the currency's rate when written, the salary
  -- filter ("pays at least") and sort across currencies, as orders' budget_base.
  salary_from bigint,
  salary_to bigint,
  salary_currency char(3) REFERENCES catalog.currencies (code),
  salary_gross boolean,
  salary_base bigint,
  -- hh.ru's vocabulary, names in i18n (vacancies:employment.<code> …).
  employment text NOT NULL,
  schedule text NOT NULL,
  experience text NOT NULL,
  education text NOT NULL,
  country_id int REFERENCES catalog.countries (id),
  city_id int REFERENCES catalog.cities (id),
  address text NOT NULL DEFAULT '',
  contact_name text NOT NULL DEFAULT '',
  contact_email text NOT NULL DEFAULT '',
  contact_phone text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'draft',
  -- The last publication (or renewal), when it archives itself, and when it was archived.
  published_at timestamptz,
  expires_at timestamptz,
  archived_at timestamptz,
  -- Responses received (all states) and not yet viewed by the employer, kept by libs/hiring through
  -- vacancies' in-transaction counter in the transaction that changes a response.
  response_count int NOT NULL DEFAULT 0,
  new_response_count int NOT NULL DEFAULT 0,
  view_count int NOT NULL DEFAULT 0,
  -- Title (A), specialization and key skills' names in both languages and the company's name (B), description
  -- (C), written by the code that saves the vacancy (`russian` configuration, as orders').
  search tsvector NOT NULL DEFAULT ''::tsvector,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT vacancies_title_check CHECK (length(title) BETWEEN 3 AND 150),
  CONSTRAINT vacancies_description_check CHECK (length(description) BETWEEN 1 AND 10000),
  CONSTRAINT vacancies_skills_check CHECK (cardinality(skill_ids) <= 30),
  CONSTRAINT vacancies_salary_check CHECK (
    (salary_from IS NULL AND salary_to IS NULL AND salary_currency IS NULL AND salary_gross IS NULL
     AND salary_base IS NULL)
    OR ((salary_from > 0 OR salary_to > 0) AND salary_currency IS NOT NULL AND salary_gross IS NOT NULL
        AND salary_base IS NOT NULL AND (salary_from IS NULL OR salary_to IS NULL OR salary_from <= salary_to))),
  CONSTRAINT vacancies_employment_check CHECK (
    employment IN ('full', 'part', 'project', 'volunteer', 'internship')),
  CONSTRAINT vacancies_schedule_check CHECK (schedule IN ('full_day', 'shift', 'flexible', 'remote', 'rotation')),
  CONSTRAINT vacancies_experience_check CHECK (experience IN ('none', '1_3', '3_6', '6_plus')),
  CONSTRAINT vacancies_education_check CHECK (education IN ('any', 'secondary', 'vocational', 'higher')),
  CONSTRAINT vacancies_texts_check CHECK (
    length(address) <= 300 AND length(contact_name) <= 120 AND length(contact_email) <= 254
    AND length(contact_phone) <= 40),
  CONSTRAINT vacancies_status_check CHECK (status IN ('draft', 'published', 'archived')),
  CONSTRAINT vacancies_published_check CHECK (
    status <> 'published' OR (published_at IS NOT NULL AND expires_at IS NOT NULL)),
  CONSTRAINT vacancies_counts_check CHECK (
    response_count >= 0 AND new_response_count BETWEEN 0 AND response_count AND view_count >= 0)
);
-- The owner's lists and a company's page; the expiry job.
CREATE INDEX vacancies_owner_idx ON vacancies.vacancies (owner_id, updated_at DESC, id DESC);
CREATE INDEX vacancies_company_idx ON vacancies.vacancies (company_id, status, published_at DESC, id DESC);
CREATE INDEX vacancies_expiry_idx ON vacancies.vacancies (expires_at) WHERE status = 'published';
-- The public list's indexes (partial on published) are the list owner's to add in its own migration, shaped by
-- its ORDER BY (as orders/0006 and profiles/0019 do), with the benchmark that proves them.

CALL platform.create_search_lexicon('vacancies', 'vacancies', 'id');
