-- Extra header fields of a mail, as [name, value] pairs in order: RFC 8058's List-Unsubscribe and
-- List-Unsubscribe-Post on notification mails (mail::kExtraHeaders names the allowed ones).
ALTER TABLE mail.outbox
  ADD COLUMN headers jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(headers) = 'array');
