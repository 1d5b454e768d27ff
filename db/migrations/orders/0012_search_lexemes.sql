-- The typo fallback of the order search (docs/architecture.md, "List and search"): every lexeme that has appeared
-- in an order, trigram-indexed, so a misspelt word is matched against tens of thousands of distinct words rather
-- than against a million order names (that took ~300 ms of CPU per query on the benchmark data and still found
-- nothing for «логтип»). The fallback replaces each word of the text with its closest lexemes and runs the
-- ordinary full-text match. Lexemes are never removed: a stale one only makes the fallback look for a word
-- that no open order has.
CREATE TABLE orders.search_lexemes (
  lexeme text PRIMARY KEY
);
CREATE INDEX search_lexemes_trgm_idx ON orders.search_lexemes USING gin (lexeme gin_trgm_ops);

CREATE FUNCTION orders.add_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orders.search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(search)) FROM changed
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
-- Per statement with the rows it wrote, so a bulk load (benchmarks/orders_data.sql) adds its lexemes in one pass.
CREATE TRIGGER orders_search_lexemes_insert AFTER INSERT ON orders.orders
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION orders.add_search_lexemes();
-- Updates: only rows whose text changed (most updates of an order are its status or bid count).
CREATE FUNCTION orders.add_changed_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orders.search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(c.search))
  FROM changed c JOIN previous p ON p.id = c.id
  WHERE c.search IS DISTINCT FROM p.search
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER orders_search_lexemes_update AFTER UPDATE ON orders.orders
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION orders.add_changed_search_lexemes();

INSERT INTO orders.search_lexemes (lexeme)
SELECT DISTINCT unnest(tsvector_to_array(search)) FROM orders.orders
ON CONFLICT DO NOTHING;

-- OR and AND over tsquery values (the built-in || and && as aggregates; NULLs are skipped).
CREATE AGGREGATE orders.tsquery_any(tsquery) (SFUNC = tsquery_or, STYPE = tsquery);
CREATE AGGREGATE orders.tsquery_all(tsquery) (SFUNC = tsquery_and, STYPE = tsquery);

-- The fallback no longer compares the text with order names.
DROP INDEX orders.orders_open_name_trgm_idx;
