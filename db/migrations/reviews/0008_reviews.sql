-- Reviews after a completed order (libs/reviews): each side reviews the other once; the reviewed side may
-- reply once.
CREATE SCHEMA reviews;

CREATE TABLE reviews.reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders.orders (id) ON DELETE CASCADE,
  author_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  target_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- The author's side in the order: customer (reviews the performer) or performer (reviews the customer).
  author_role text NOT NULL,
  rating smallint NOT NULL,
  text text NOT NULL,
  reply text,
  replied_at timestamptz,
  created_at timestamptz NOT NULL,
  CONSTRAINT reviews_order_author_key UNIQUE (order_id, author_id),
  CONSTRAINT reviews_author_role_check CHECK (author_role IN ('customer', 'performer')),
  CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
  CONSTRAINT reviews_text_check CHECK (length(text) BETWEEN 1 AND 2000),
  CONSTRAINT reviews_reply_check CHECK ((reply IS NULL) = (replied_at IS NULL) AND length(reply) <= 2000),
  CONSTRAINT reviews_not_self_check CHECK (author_id <> target_id)
);
CREATE INDEX reviews_target_idx ON reviews.reviews (target_id, author_role, created_at DESC);
CREATE INDEX reviews_order_idx ON reviews.reviews (order_id);
