-- Resumes (libs/resumes): what applicants publish and respond to vacancies with. docs/architecture.md, "Jobs".
--
-- Who sees a resume: its owner always; anybody when it is published and public; an employer it was sent to
-- (resumes.grants: a response or an invitation) while it is published or hidden, whatever its visibility. Lists,
-- searches and counts show published public resumes only: a resume that is not public never appears in one.
CREATE SCHEMA resumes;

CREATE TABLE resumes.resumes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- The desired position.
  position text NOT NULL,
  category_id int NOT NULL REFERENCES catalog.categories (id),
  -- catalog.specializations ids (at most 5).
  specialization_ids int[] NOT NULL DEFAULT '{}',
  -- The expected salary in minor units (NULL: not given), its currency (the rouble unless chosen, SPEC §9), and
  -- its rouble equivalent in kopecks at the rate when written (the salary filter "expects at most", the sort).
  salary_amount bigint,
  salary_currency char(3) NOT NULL DEFAULT 'RUB' REFERENCES catalog.currencies (code),
  salary_base bigint,
  -- Employment types and schedules the applicant accepts (the codes of vacancies.vacancies.employment/schedule).
  employments text[] NOT NULL DEFAULT '{}',
  schedules text[] NOT NULL DEFAULT '{}',
  skill_ids int[] NOT NULL DEFAULT '{}',
  -- [{"code": ISO 639-1, "level": "a1"|"a2"|"b1"|"b2"|"c1"|"c2"|"native"}], at most 10, checked in code.
  languages jsonb NOT NULL DEFAULT '[]',
  about text NOT NULL DEFAULT '',
  -- The photo as stored by libs/storage (PutImage) and its thumbnail.
  photo text,
  photo_thumbnail text,
  citizenship_id int REFERENCES catalog.countries (id),
  country_id int REFERENCES catalog.countries (id),
  city_id int REFERENCES catalog.cities (id),
  relocate boolean NOT NULL DEFAULT false,
  business_trips boolean NOT NULL DEFAULT false,
  -- Derived from the entries below when the resume is saved (the experience and education filters):
  -- total months of work, and the bucket of the vacancies' experience filter ('none', '1_3', '3_6', '6_plus');
  -- the highest education level ('none' when no entry).
  experience_months int NOT NULL DEFAULT 0,
  experience text NOT NULL DEFAULT 'none',
  education_level text NOT NULL DEFAULT 'none',
  -- draft → published ⇄ hidden; published → draft is not a state change anybody needs.
  status text NOT NULL DEFAULT 'draft',
  -- public: anybody; responded: only employers it was sent to (resumes.grants).
  visibility text NOT NULL DEFAULT 'public',
  published_at timestamptz,
  -- Position (A), specializations' and skills' names in both languages (B), about and the experience entries'
  -- positions and descriptions (C), written by the code that saves the resume.
  search tsvector NOT NULL DEFAULT ''::tsvector,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT resumes_position_check CHECK (length(position) BETWEEN 2 AND 150),
  CONSTRAINT resumes_specializations_check CHECK (cardinality(specialization_ids) <= 5),
  CONSTRAINT resumes_salary_check CHECK (
    (salary_amount IS NULL AND salary_base IS NULL) OR (salary_amount > 0 AND salary_base IS NOT NULL)),
  CONSTRAINT resumes_employments_check CHECK (
    employments <@ ARRAY['full', 'part', 'project', 'volunteer', 'internship']),
  CONSTRAINT resumes_schedules_check CHECK (
    schedules <@ ARRAY['full_day', 'shift', 'flexible', 'remote', 'rotation']),
  CONSTRAINT resumes_skills_check CHECK (cardinality(skill_ids) <= 30),
  CONSTRAINT resumes_languages_check CHECK (jsonb_typeof(languages) = 'array'),
  CONSTRAINT resumes_about_check CHECK (length(about) <= 5000),
  CONSTRAINT resumes_photo_check CHECK ((photo IS NULL) = (photo_thumbnail IS NULL)),
  CONSTRAINT resumes_experience_check CHECK (
    experience_months >= 0 AND experience IN ('none', '1_3', '3_6', '6_plus')),
  CONSTRAINT resumes_education_check CHECK (education_level IN ('none', 'secondary', 'vocational', 'higher')),
  CONSTRAINT resumes_status_check CHECK (status IN ('draft', 'published', 'hidden')),
  CONSTRAINT resumes_visibility_check CHECK (visibility IN ('public', 'responded')),
  CONSTRAINT resumes_published_check CHECK (status = 'draft' OR published_at IS NOT NULL)
);
CREATE INDEX resumes_user_idx ON resumes.resumes (user_id, updated_at DESC, id DESC);
CREATE INDEX resumes_photo_idx ON resumes.resumes (photo) WHERE photo IS NOT NULL;
CREATE INDEX resumes_photo_thumbnail_idx ON resumes.resumes (photo_thumbnail) WHERE photo_thumbnail IS NOT NULL;
-- The public list's indexes (partial on published public) are the list owner's to add in its own migration.

-- Work experience, in the owner's order (newest first as entered); ended_on NULL: works there now. Months are
-- stored as the first day of the month.
CREATE TABLE resumes.experience (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  resume_id bigint NOT NULL REFERENCES resumes.resumes (id) ON DELETE CASCADE,
  company text NOT NULL,
  position text NOT NULL,
  started_on date NOT NULL,
  ended_on date,
  description text NOT NULL DEFAULT '',
  priority int NOT NULL,
  CONSTRAINT experience_texts_check CHECK (
    length(company) BETWEEN 1 AND 150 AND length(position) BETWEEN 1 AND 150 AND length(description) <= 3000),
  CONSTRAINT experience_dates_check CHECK (
    extract(day FROM started_on) = 1 AND (ended_on IS NULL OR (extract(day FROM ended_on) = 1
                                                              AND ended_on >= started_on)))
);
CREATE INDEX experience_resume_idx ON resumes.experience (resume_id, priority, id);

-- Education, in the owner's order.
CREATE TABLE resumes.education (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  resume_id bigint NOT NULL REFERENCES resumes.resumes (id) ON DELETE CASCADE,
  level text NOT NULL,
  institution text NOT NULL,
  specialty text NOT NULL DEFAULT '',
  graduation_year smallint,
  priority int NOT NULL,
  CONSTRAINT education_level_check CHECK (level IN ('secondary', 'vocational', 'higher')),
  CONSTRAINT education_texts_check CHECK (length(institution) BETWEEN 1 AND 200 AND length(specialty) <= 200),
  CONSTRAINT education_year_check CHECK (graduation_year BETWEEN 1940 AND 2100)
);
CREATE INDEX education_resume_idx ON resumes.education (resume_id, priority, id);

-- The employers a resume was sent to (libs/hiring grants it through resumes' in-transaction call when a response
-- or an invitation is created): they see it while it is published or hidden, whatever its visibility.
CREATE TABLE resumes.grants (
  resume_id bigint NOT NULL REFERENCES resumes.resumes (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (resume_id, user_id)
);

CALL platform.create_search_lexicon('resumes', 'resumes', 'id');
