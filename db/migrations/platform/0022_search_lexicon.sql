-- One installer for the typo fallback's lexicon of a searchable table (libs/search, search::Lexicon), so a domain
-- gets orders' mechanism (orders/0012_search_lexemes.sql) by one call instead of a copy of it:
--
--   CALL platform.create_search_lexicon('vacancies', 'vacancies', 'id');
--
-- creates in the schema: the table `search_lexemes (lexeme text PRIMARY KEY)` with its trigram index, the
-- statement-level triggers that add every lexeme of the table's `search` tsvector column on insert and on an update
-- that changed it (joined on the key column), fills it from the rows already there, and the aggregates
-- tsquery_any / tsquery_all (OR / AND over tsquery) that search::Lexicon's correction statement uses. One lexicon
-- per schema. Lexemes are never removed: a stale one only makes the fallback look for a word nobody uses now.
CREATE PROCEDURE platform.create_search_lexicon(p_schema text, p_table text, p_key text)
LANGUAGE plpgsql AS $proc$
BEGIN
  EXECUTE format('CREATE TABLE %I.search_lexemes (lexeme text PRIMARY KEY)', p_schema);
  EXECUTE format('CREATE INDEX search_lexemes_trgm_idx ON %I.search_lexemes USING gin (lexeme gin_trgm_ops)',
                 p_schema);
  EXECUTE format($f$
    CREATE FUNCTION %1$I.add_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      INSERT INTO %1$I.search_lexemes (lexeme)
      SELECT DISTINCT unnest(tsvector_to_array(search)) FROM changed
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END
    $body$$f$, p_schema);
  EXECUTE format($f$
    CREATE FUNCTION %1$I.add_changed_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      INSERT INTO %1$I.search_lexemes (lexeme)
      SELECT DISTINCT unnest(tsvector_to_array(c.search))
      FROM changed c JOIN previous p ON p.%2$I = c.%2$I
      WHERE c.search IS DISTINCT FROM p.search
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END
    $body$$f$, p_schema, p_key);
  EXECUTE format('CREATE TRIGGER %2$I AFTER INSERT ON %1$I.%3$I REFERENCING NEW TABLE AS changed '
                 'FOR EACH STATEMENT EXECUTE FUNCTION %1$I.add_search_lexemes()',
                 p_schema, p_table || '_search_lexemes_insert', p_table);
  EXECUTE format('CREATE TRIGGER %2$I AFTER UPDATE ON %1$I.%3$I '
                 'REFERENCING OLD TABLE AS previous NEW TABLE AS changed '
                 'FOR EACH STATEMENT EXECUTE FUNCTION %1$I.add_changed_search_lexemes()',
                 p_schema, p_table || '_search_lexemes_update', p_table);
  EXECUTE format('INSERT INTO %1$I.search_lexemes (lexeme) SELECT DISTINCT unnest(tsvector_to_array(search)) '
                 'FROM %1$I.%2$I ON CONFLICT DO NOTHING', p_schema, p_table);
  EXECUTE format('CREATE AGGREGATE %I.tsquery_any(tsquery) (SFUNC = tsquery_or, STYPE = tsquery)', p_schema);
  EXECUTE format('CREATE AGGREGATE %I.tsquery_all(tsquery) (SFUNC = tsquery_and, STYPE = tsquery)', p_schema);
END
$proc$;
