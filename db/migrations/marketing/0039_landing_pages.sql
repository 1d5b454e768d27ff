-- Landing pages (libs/marketing; issue 13): lp/create-order/{code} and lp/find-job/{code}, managed in the admin.
-- The Markdown source and its rendered HTML side by side (rendered on save). Visits are counted once per
-- visitor per day: landing_visits' key, the counter bumped only when the insert inserted.
CREATE TABLE marketing.landing_pages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  code text NOT NULL,
  lang text NOT NULL,
  title text NOT NULL,
  text text NOT NULL DEFAULT '',
  text_html text NOT NULL DEFAULT '',
  -- FileStore names.
  image text,
  image_thumbnail text,
  category_id int REFERENCES catalog.categories (id) ON DELETE SET NULL,
  cta text NOT NULL,
  published boolean NOT NULL DEFAULT false,
  visit_count bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT landing_pages_kind_check CHECK (kind IN ('create_order', 'find_job')),
  CONSTRAINT landing_pages_code_check CHECK (code ~ '^[a-z0-9-]{2,64}$'),
  CONSTRAINT landing_pages_code_key UNIQUE (kind, code)
);

CREATE TABLE marketing.landing_visits (
  page_id bigint NOT NULL REFERENCES marketing.landing_pages (id) ON DELETE CASCADE,
  -- Signed in: "u:<user id>"; a guest: SHA-256 (hex) of IP + User-Agent + day.
  visitor text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (page_id, visitor, day)
);

-- Image files a page stopped using: the job marketing.sweep_landing_images removes each from disk once no page
-- and no other owner of storage::FileReferences uses it (as companies' logos).
CREATE TABLE marketing.dropped_images (
  name text PRIMARY KEY,
  dropped_at timestamptz NOT NULL
);
CREATE INDEX dropped_images_at_idx ON marketing.dropped_images (dropped_at);

CREATE FUNCTION marketing.drop_landing_image() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.image IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.image IS DISTINCT FROM NEW.image
                                OR OLD.image_thumbnail IS DISTINCT FROM NEW.image_thumbnail) THEN
    INSERT INTO marketing.dropped_images (name, dropped_at)
    SELECT DISTINCT n, now() FROM unnest(ARRAY[OLD.image, OLD.image_thumbnail]) AS n WHERE n IS NOT NULL
    ON CONFLICT (name) DO UPDATE SET dropped_at = EXCLUDED.dropped_at;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER landing_pages_drop_image AFTER UPDATE OF image, image_thumbnail OR DELETE
  ON marketing.landing_pages FOR EACH ROW EXECUTE FUNCTION marketing.drop_landing_image();
