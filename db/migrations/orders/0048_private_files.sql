-- Order attachments are private files (docs/architecture.md, "Files"): stored under storage.dir/private/ and
-- served by GET /api/orders/attachments/{id} to whoever may see the order (everybody for a public order; the
-- customer, the performer and the invited performer for a personal one) or, before it is attached, to its
-- uploader. Rows written before this migration have their files in the public namespace; the upload sweep moves
-- them (storage::MovePrivateFiles) and marks them. New rows are written with true.
ALTER TABLE orders.attachments ADD COLUMN stored_private boolean NOT NULL DEFAULT false;
CREATE INDEX attachments_not_private_idx ON orders.attachments (id) WHERE NOT stored_private;
