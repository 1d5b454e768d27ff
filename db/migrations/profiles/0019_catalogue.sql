-- The freelancer catalogue (GET /api/freelancers, libs/profiles catalogue.cpp): the typo fallback's lexicon of
-- the profiles' search words, and the indexes of the catalogue's filters and sorts.

-- The typo fallback (libs/search, search::Lexicon{"profiles", "search_lexemes"}), exactly as orders'
-- (db/migrations/orders/0012_search_lexemes.sql): every lexeme that has appeared in a profile's search
-- vector, trigram-indexed; never removed.
CREATE TABLE profiles.search_lexemes (
  lexeme text PRIMARY KEY
);
CREATE INDEX search_lexemes_trgm_idx ON profiles.search_lexemes USING gin (lexeme gin_trgm_ops);

CREATE FUNCTION profiles.add_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles.search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(search)) FROM changed
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
-- Per statement with the rows it wrote, so a bulk load (benchmarks/freelancers_data.sql) adds its lexemes in
-- one pass.
CREATE TRIGGER freelancers_search_lexemes_insert AFTER INSERT ON profiles.freelancers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION profiles.add_search_lexemes();
-- Updates: only rows whose text changed (reputation and counters update the row far more often).
CREATE FUNCTION profiles.add_changed_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles.search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(c.search))
  FROM changed c JOIN previous p ON p.user_id = c.user_id
  WHERE c.search IS DISTINCT FROM p.search
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER freelancers_search_lexemes_update AFTER UPDATE ON profiles.freelancers
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION profiles.add_changed_search_lexemes();

INSERT INTO profiles.search_lexemes (lexeme)
SELECT DISTINCT unnest(tsvector_to_array(search)) FROM profiles.freelancers
ON CONFLICT DO NOTHING;

-- OR and AND over tsquery values (the built-in || and && as aggregates; NULLs are skipped).
CREATE AGGREGATE profiles.tsquery_any(tsquery) (SFUNC = tsquery_or, STYPE = tsquery);
CREATE AGGREGATE profiles.tsquery_all(tsquery) (SFUNC = tsquery_and, STYPE = tsquery);

-- The catalogue lists the performers with a main specialization; every index below is partial on that.
-- One index per sort, in the sort's order with the keyset tiebreak (user_id), the expressions exactly those of
-- the list's ORDER BY (libs/profiles/src/catalogue.cpp): rating (then review count) packed in one bigint,
-- unrated last; review count; recent activity; the rouble equivalent of the rate both ways, no rate last.
CREATE INDEX freelancers_catalogue_rating_idx ON profiles.freelancers (
  (COALESCE((rating * 1000)::bigint, 0) * 4294967296 + review_count) DESC, user_id DESC)
  WHERE main_specialization_id IS NOT NULL;
CREATE INDEX freelancers_catalogue_reviews_idx ON profiles.freelancers (review_count DESC, user_id DESC)
  WHERE main_specialization_id IS NOT NULL;
CREATE INDEX freelancers_catalogue_activity_idx ON profiles.freelancers (active_at DESC, user_id DESC)
  WHERE main_specialization_id IS NOT NULL;
CREATE INDEX freelancers_catalogue_rate_asc_idx ON profiles.freelancers (
  (COALESCE(rate_base, 9223372036854775807)), user_id)
  WHERE main_specialization_id IS NOT NULL;
CREATE INDEX freelancers_catalogue_rate_desc_idx ON profiles.freelancers (
  (COALESCE(rate_base, -1)) DESC, user_id DESC)
  WHERE main_specialization_id IS NOT NULL;
-- The filters: category, specialization and skills (array containment), the words, the rate range.
CREATE INDEX freelancers_catalogue_categories_idx ON profiles.freelancers USING gin (category_ids)
  WHERE main_specialization_id IS NOT NULL;
CREATE INDEX freelancers_catalogue_specializations_idx ON profiles.freelancers USING gin (specialization_ids)
  WHERE main_specialization_id IS NOT NULL;
CREATE INDEX freelancers_catalogue_skills_idx ON profiles.freelancers USING gin (skill_ids)
  WHERE main_specialization_id IS NOT NULL;
CREATE INDEX freelancers_catalogue_search_idx ON profiles.freelancers USING gin (search)
  WHERE main_specialization_id IS NOT NULL;
CREATE INDEX freelancers_catalogue_rate_idx ON profiles.freelancers (rate_base)
  WHERE main_specialization_id IS NOT NULL AND rate_base IS NOT NULL;

-- "Online now" (profiles::OnlineSql): the sessions seen within the last minutes, found by time rather than by
-- walking every performer's sessions.
CREATE INDEX sessions_last_seen_idx ON identity.sessions (last_seen_at) WHERE revoked_at IS NULL;
