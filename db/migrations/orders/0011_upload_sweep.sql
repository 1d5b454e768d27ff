-- Uploads that never reach an order, and files of deleted orders, are swept (Orders::SweepUploads, a scheduled
-- job; docs/operations.md). A deleted order now leaves its files unattached instead of deleting their rows, so
-- the sweep sees them and removes the files from disk when nothing else uses them.
ALTER TABLE orders.attachments DROP CONSTRAINT attachments_order_id_fkey;
ALTER TABLE orders.attachments
  ADD CONSTRAINT attachments_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders.orders (id) ON DELETE SET NULL;
-- The sweep's scan: the oldest unattached uploads first.
CREATE INDEX attachments_unattached_created_idx ON orders.attachments (created_at) WHERE order_id IS NULL;
-- Whether a stored file is still used, before it is removed from disk (content-addressed names are shared by
-- identical uploads, thumbnails and avatars).
CREATE INDEX attachments_file_name_idx ON orders.attachments (file_name);
CREATE INDEX attachments_thumbnail_name_idx ON orders.attachments (thumbnail_name) WHERE thumbnail_name IS NOT NULL;
CREATE INDEX users_avatar_idx ON identity.users (avatar) WHERE avatar IS NOT NULL;
