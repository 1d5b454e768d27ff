-- 0078: an interview's details on the response (libs/hiring): when (a future date-time, set by the employer's
-- interview action or with an invitation), how (in person at an address, online by a meeting link, or by
-- phone), where, and the employer's message for it. Both sides read them with the response. The service checks
-- the rules (docs/architecture.md, "Jobs: responses and invitations"); these are the stored limits.
ALTER TABLE hiring.responses
  ADD COLUMN interview_at timestamptz,
  ADD COLUMN interview_format text,
  ADD COLUMN interview_place text,
  ADD COLUMN interview_message text,
  ADD CONSTRAINT responses_interview_format_check CHECK (interview_format IN ('in_person', 'online', 'phone')),
  ADD CONSTRAINT responses_interview_details_check CHECK ((interview_at IS NULL) = (interview_format IS NULL)),
  ADD CONSTRAINT responses_interview_place_check CHECK (length(interview_place) <= 300),
  ADD CONSTRAINT responses_interview_message_check CHECK (length(interview_message) <= 3000);
