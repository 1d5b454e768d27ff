-- The messenger (libs/messenger): chats between two users (one per pair), their messages and attachments,
-- and each participant's read position.
CREATE SCHEMA messenger;

CREATE TABLE messenger.chats (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The pair, smaller id first: "one chat per unordered pair" is the unique key below.
  user_low bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  user_high bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- What the chat is about: ('order', order id) today; vacancies and responses later. The title is read
  -- from the owning schema when the chat is shown, so a renamed order shows its new name.
  context_type text,
  context_id bigint,
  last_message_id bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT chats_pair_key UNIQUE (user_low, user_high),
  CONSTRAINT chats_pair_check CHECK (user_low < user_high),
  CONSTRAINT chats_context_check CHECK ((context_type IS NULL) = (context_id IS NULL))
);

-- One row per participant: the read position, and the chat's last activity copied here so that "my chats
-- by last activity" is one index range (participants_activity_idx) rather than a sort of all my chats.
CREATE TABLE messenger.participants (
  chat_id bigint NOT NULL REFERENCES messenger.chats (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  last_read_message_id bigint,
  activity_at timestamptz NOT NULL,
  PRIMARY KEY (chat_id, user_id)
);
CREATE INDEX participants_activity_idx ON messenger.participants (user_id, activity_at DESC, chat_id DESC);

CREATE TABLE messenger.messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chat_id bigint NOT NULL REFERENCES messenger.chats (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- The sender's own id for the message: a retried send finds the row it created (idempotent send).
  client_id uuid NOT NULL,
  text text,
  short_text text,
  -- Anti-fraud kinds found in the text (phone, email, card, messenger, off_platform); never blocks.
  caution text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  edited_at timestamptz,
  -- A deleted message stays as a tombstone: text and short_text NULL.
  deleted_at timestamptz,
  CONSTRAINT messages_client_key UNIQUE (user_id, client_id),
  CONSTRAINT messages_text_check CHECK (length(text) <= 4000),
  CONSTRAINT messages_deleted_check CHECK (deleted_at IS NULL OR text IS NULL)
);
-- History pages (keyset on id, newest first) and unread counts.
CREATE INDEX messages_chat_idx ON messenger.messages (chat_id, id DESC);

CREATE TABLE messenger.attachments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- NULL until a send attaches it; unattached uploads are swept (Messenger::SweepUploads).
  message_id bigint REFERENCES messenger.messages (id) ON DELETE CASCADE,
  position integer,
  file_name text NOT NULL,
  thumbnail_name text,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX attachments_message_idx ON messenger.attachments (message_id, position, id);
CREATE INDEX attachments_unattached_idx ON messenger.attachments (owner_id, created_at) WHERE message_id IS NULL;
CREATE INDEX attachments_unattached_created_idx ON messenger.attachments (created_at) WHERE message_id IS NULL;
-- Whether a stored file is still used (storage::FileReferences), before the sweeps remove it from disk.
CREATE INDEX attachments_file_name_idx ON messenger.attachments (file_name);
CREATE INDEX attachments_thumbnail_name_idx ON messenger.attachments (thumbnail_name)
  WHERE thumbnail_name IS NOT NULL;
