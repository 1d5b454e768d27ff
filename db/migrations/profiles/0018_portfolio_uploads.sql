-- Portfolio images are uploaded before the project that shows them is saved, as order attachments are: an
-- image row without a project is an upload (or an image a project dropped), swept after
-- marketplace.upload_retention (profiles' sweep job), its files removed from disk when nothing else uses them.
-- owner_id: the uploader while the row is an upload or in one of their projects; NULL once a project dropped
-- it (nobody can attach it again, and it no longer counts against the uploader's allowance).
ALTER TABLE profiles.portfolio_images
  ALTER COLUMN project_id DROP NOT NULL,
  ADD COLUMN owner_id bigint REFERENCES identity.users (id) ON DELETE CASCADE,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX portfolio_images_unattached_idx ON profiles.portfolio_images (created_at) WHERE project_id IS NULL;
CREATE INDEX portfolio_images_owner_unattached_idx ON profiles.portfolio_images (owner_id)
  WHERE project_id IS NULL;
-- Whether a stored file is still used (storage::FileReferences, the sweeps of every owner).
CREATE INDEX portfolio_images_file_name_idx ON profiles.portfolio_images (file_name);
CREATE INDEX portfolio_images_thumbnail_name_idx ON profiles.portfolio_images (thumbnail_name);

-- The search document of a performer (the catalogue's full-text search): the user's name (weight A), the
-- headline and the skills' names in both languages (B), the about text (C). Written by every profile save,
-- and by the trigger below when the name changes in identity.
CREATE FUNCTION profiles.search_vector(p_user_id bigint, p_headline text, p_about text, p_skill_ids int[])
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('russian', coalesce((SELECT u.name || ' ' || u.lastname
                                                    FROM identity.users u WHERE u.id = p_user_id), '')), 'A')
    || setweight(to_tsvector('russian', p_headline || ' ' || coalesce(
         (SELECT string_agg(s.name_en || ' ' || s.name_ru, ' ') FROM catalog.skills s
          WHERE s.id = ANY (p_skill_ids)), '')), 'B')
    || setweight(to_tsvector('russian', p_about), 'C')
$$;

CREATE FUNCTION profiles.users_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles.freelancers f
  SET search = profiles.search_vector(f.user_id, f.headline, f.about, f.skill_ids)
  WHERE f.user_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_name_search AFTER UPDATE OF name, lastname ON identity.users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.lastname IS DISTINCT FROM NEW.lastname)
  EXECUTE FUNCTION profiles.users_name_changed();
