-- Registration asks for the user agreement and the consent to the processing of personal data (Federal Law
-- 152-FZ art. 9: a consent that is specific, informed and conscious, and that the operator can prove): when the
-- account accepted them. Accounts made before the checkbox existed have none recorded.
ALTER TABLE identity.users ADD COLUMN terms_accepted_at timestamptz;
