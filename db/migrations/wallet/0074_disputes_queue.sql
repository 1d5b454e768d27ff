-- The admins' queue of disputed milestones, longest waiting first (GET /api/admin/deals/disputes): a disputed
-- milestone's updated_at is when the dispute was opened, since nothing else changes it until it is resolved.
CREATE INDEX milestones_disputed_idx ON wallet.milestones (updated_at, id) WHERE status = 'disputed';
