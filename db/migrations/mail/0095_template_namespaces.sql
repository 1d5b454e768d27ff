-- A mail's texts moved from i18n/<lang>/mail.json to the namespace of the module that sends it, and the outbox
-- names a template by its catalogue key (mail::IsTemplateName). Mails queued before keep rendering: their rows
-- take the new names (sent ones too, so the outbox reads one way).
UPDATE mail.outbox
SET template = CASE template
    WHEN 'verify_email' THEN 'auth:mail.verify_email'
    WHEN 'reset_password' THEN 'auth:mail.reset_password'
    WHEN 'change_email' THEN 'auth:mail.change_email'
    WHEN 'account_exists' THEN 'auth:mail.account_exists'
    WHEN 'email_changed' THEN 'auth:mail.email_changed'
    WHEN 'support_ticket' THEN 'help:mail.support_ticket'
    WHEN 'support_answer' THEN 'help:mail.support_answer'
    WHEN 'notification' THEN 'notifications:mail.notification'
    WHEN 'digest' THEN 'notifications:mail.digest'
  END
WHERE template IN ('verify_email', 'reset_password', 'change_email', 'account_exists', 'email_changed',
                   'support_ticket', 'support_answer', 'notification', 'digest');
