-- 0027: the upkeep of companies (issue 12): dropped logo files for the sweep, and the sums after a deleted review.

-- Logo files a company stopped using (a logo replaced or removed, the company deleted, its owner's account
-- deleted): the job companies.sweep_logos removes each from disk once no company and no other owner of
-- storage::FileReferences uses it. A trigger keeps the list, so every way a logo goes is covered.
CREATE TABLE companies.dropped_logos (
  name text PRIMARY KEY,
  dropped_at timestamptz NOT NULL
);
CREATE INDEX dropped_logos_at_idx ON companies.dropped_logos (dropped_at);

CREATE FUNCTION companies.drop_logo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.logo IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.logo IS DISTINCT FROM NEW.logo
                               OR OLD.logo_thumbnail IS DISTINCT FROM NEW.logo_thumbnail) THEN
    INSERT INTO companies.dropped_logos (name, dropped_at)
    SELECT DISTINCT n, now() FROM unnest(ARRAY[OLD.logo, OLD.logo_thumbnail]) AS n
    ON CONFLICT (name) DO UPDATE SET dropped_at = EXCLUDED.dropped_at;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER companies_drop_logo AFTER UPDATE OF logo, logo_thumbnail OR DELETE ON companies.companies
  FOR EACH ROW EXECUTE FUNCTION companies.drop_logo();

-- A review that goes recounts its company's sums in the same transaction, however it goes: deleted by its author
-- (DELETE /api/companies/{id}/review) or with the author's account (ON DELETE CASCADE). Writes and edits are
-- recounted by libs/companies itself, under the company row's lock.
CREATE FUNCTION companies.recount_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies.companies c
  SET rating_sum = s.rating_sum, review_count = s.review_count,
      salary_sum = s.salary_sum, salary_count = s.salary_count,
      management_sum = s.management_sum, management_count = s.management_count,
      team_sum = s.team_sum, team_count = s.team_count,
      growth_sum = s.growth_sum, growth_count = s.growth_count,
      conditions_sum = s.conditions_sum, conditions_count = s.conditions_count,
      recommend_yes = s.recommend_yes, recommend_count = s.recommend_count
  FROM (
    SELECT coalesce(sum(rating), 0) AS rating_sum, count(*) AS review_count,
      coalesce(sum(salary), 0) AS salary_sum, count(salary) AS salary_count,
      coalesce(sum(management), 0) AS management_sum, count(management) AS management_count,
      coalesce(sum(team), 0) AS team_sum, count(team) AS team_count,
      coalesce(sum(growth), 0) AS growth_sum, count(growth) AS growth_count,
      coalesce(sum(conditions), 0) AS conditions_sum, count(conditions) AS conditions_count,
      count(*) FILTER (WHERE recommend) AS recommend_yes, count(recommend) AS recommend_count
    FROM companies.reviews WHERE company_id = OLD.company_id
  ) s
  WHERE c.id = OLD.company_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER reviews_recount_after_delete AFTER DELETE ON companies.reviews
  FOR EACH ROW EXECUTE FUNCTION companies.recount_after_delete();
