-- Chat files are private (docs/architecture.md, "Files"): stored under storage.dir/private/ and served only by
-- the chat's own route. Rows written before this migration have their files in the public namespace; the upload
-- sweep moves them (storage::MovePrivateFiles) and marks them. New rows are written with true.
ALTER TABLE messenger.attachments ADD COLUMN stored_private boolean NOT NULL DEFAULT false;
CREATE INDEX attachments_not_private_idx ON messenger.attachments (id) WHERE NOT stored_private;
