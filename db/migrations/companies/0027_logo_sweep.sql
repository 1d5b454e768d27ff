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
