-- Reminders before the auto-release (issue 24): when the customer was last told that a delivered milestone is
-- about to be released on its own. A milestone delivered again after changes is due for a new reminder
-- (release_reminded_at < delivered_at).
ALTER TABLE wallet.milestones ADD COLUMN release_reminded_at timestamptz;
