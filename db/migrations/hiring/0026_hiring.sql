-- The response pipeline (libs/hiring): an applicant responds to a vacancy with a resume, or an employer invites a
-- resume to a vacancy; one row per (vacancy, applicant), moved by the state machine of
-- libs/hiring/include/artel/hiring/state_machine.hpp (docs/architecture.md, "Jobs", draws it):
--
--   response → viewed → interview → offer → hired
--   response | viewed | interview | offer → discarded (employer, optional reason) | withdrawn (applicant)
--   discarded | withdrawn → response (the applicant reapplies, under the reapply rule)
--
-- An invitation starts at interview (origin = 'invitation').
CREATE SCHEMA hiring;

CREATE TABLE hiring.responses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vacancy_id bigint NOT NULL REFERENCES vacancies.vacancies (id) ON DELETE RESTRICT,
  -- The resume sent (a reapplication may send another of the applicant's resumes).
  resume_id bigint NOT NULL REFERENCES resumes.resumes (id) ON DELETE RESTRICT,
  applicant_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- The vacancy's owner when the response was made: both sides' lists read this row alone.
  employer_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  origin text NOT NULL,
  status text NOT NULL,
  -- The applicant's cover letter, or the employer's invitation message.
  letter text NOT NULL DEFAULT '',
  -- The employer's optional reason of the last discard, shown to the applicant.
  discard_reason text,
  -- Applications made so far (the first, then each reapplication): the reapply rule's limit.
  attempts smallint NOT NULL DEFAULT 1,
  status_changed_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT responses_vacancy_applicant_key UNIQUE (vacancy_id, applicant_id),
  CONSTRAINT responses_origin_check CHECK (origin IN ('response', 'invitation')),
  CONSTRAINT responses_status_check CHECK (
    status IN ('response', 'viewed', 'interview', 'offer', 'hired', 'discarded', 'withdrawn')),
  CONSTRAINT responses_letter_check CHECK (length(letter) <= 3000),
  CONSTRAINT responses_reason_check CHECK (length(discard_reason) <= 1000),
  CONSTRAINT responses_attempts_check CHECK (attempts BETWEEN 1 AND 10),
  CONSTRAINT responses_sides_check CHECK (applicant_id <> employer_id)
);
-- The employer's tabs by status; the applicant's list; the resume's responses.
CREATE INDEX responses_vacancy_idx ON hiring.responses (vacancy_id, status, updated_at DESC, id DESC);
CREATE INDEX responses_applicant_idx ON hiring.responses (applicant_id, updated_at DESC, id DESC);
CREATE INDEX responses_resume_idx ON hiring.responses (resume_id, updated_at DESC, id DESC);

-- Every transition of a response, oldest first: the timeline both sides see.
CREATE TABLE hiring.response_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  response_id bigint NOT NULL REFERENCES hiring.responses (id) ON DELETE CASCADE,
  -- The action taken (state_machine.hpp's Action names: apply, invite, view, interview, offer, hire, discard,
  -- withdraw, reapply) and the state it led to.
  action text NOT NULL,
  status text NOT NULL,
  -- employer or applicant.
  actor text NOT NULL,
  reason text,
  at timestamptz NOT NULL,
  CONSTRAINT response_events_actor_check CHECK (actor IN ('employer', 'applicant'))
);
CREATE INDEX response_events_response_idx ON hiring.response_events (response_id, id);
