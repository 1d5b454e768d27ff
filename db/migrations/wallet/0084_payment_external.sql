-- A payment started at a remote acquirer (wallet::YooKassaGateway): the acquirer's id of it and where the payer
-- confirms it, stored when the acquirer created it (reads never call out). Both NULL for the sandbox, whose
-- checkout URL is derived from the payment, and for a payment whose creation at the acquirer has not
-- succeeded yet (a retry of the same top-up resumes it with the same Idempotence-Key).
ALTER TABLE wallet.payments ADD COLUMN external_id text, ADD COLUMN confirmation_url text;

ALTER TABLE wallet.payments
  ADD CONSTRAINT payments_external_id_check CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 64),
  ADD CONSTRAINT payments_confirmation_url_check
    CHECK (confirmation_url IS NULL OR length(confirmation_url) BETWEEN 1 AND 2000);

-- One payment of ours per acquirer's payment.
CREATE UNIQUE INDEX payments_external_idx ON wallet.payments (gateway, external_id) WHERE external_id IS NOT NULL;
