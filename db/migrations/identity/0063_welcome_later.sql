-- "Later" in the welcome dialog (SPEC §1) is remembered per user: when it was said. The dialog asks again a week
-- later (identity.select_user's welcome_due), not on every page load.
ALTER TABLE identity.users ADD COLUMN welcome_postponed_at timestamptz;
