-- The typo fallback's lexicon learns only what every reader may find (issue 22): a suggestion is a word the reader
-- could find by searching for it. Until now a lexicon learned every lexeme of every row, so a near-miss of a word
-- written only in a hidden resume, a draft vacancy or a personal order was answered with that word, e-mail
-- addresses included. The lexicon of a table now holds only the words of its public rows (the condition of the
-- domain's public list), forgets a word when no public row has it any more, and never holds contact data.
--
--   CALL platform.create_search_lexicon('vacancies', 'vacancies', 'id', $$status = 'published'$$);
--
-- p_public is a boolean SQL condition over the table's own unqualified columns, written in a migration (never
-- user input). The call (again) makes the table `<schema>.search_lexemes (lexeme text PRIMARY KEY)` with its
-- trigram index if missing, replaces the triggers of 0022 (and of orders/0012, profiles/0019, which use the same
-- names) by ones that add the words of rows that are public and remove the words of rows that stop being public,
-- rebuilds the lexicon from the public rows, and makes the aggregates tsquery_any / tsquery_all if missing.

-- Whether a lexeme may be a lexicon word: a letter in it (Latin and Cyrillic named, so no locale's classes are relied on) (the groups of a phone number, «+7», «999», «-45», and
-- other bare numbers have none), no run of five digits (a phone number or an id glued to letters,
-- «ivan89161234567»; «html5», «web3», «1с», «k8s» stay words), no '@' (e-mail addresses), no '.', '/', ':' or
-- '\' (hosts, URLs, paths, «node.js»), at most 40 characters (no real word of either language is longer; long
-- tokens are codes, hashes, glued addresses).
CREATE FUNCTION platform.lexicon_word(p_lexeme text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_lexeme ~ '[a-zа-яё[:alpha:]]' AND p_lexeme !~ '[0-9[:digit:]]{5}' AND p_lexeme !~ '[@./:\\]'
    AND length(p_lexeme) <= 40
$$;

-- The tsquery that matches exactly this lexeme (as stored in a tsvector, never normalized again): the tsquery
-- literal syntax, with a quote doubled and a backslash escaped. `search @@ platform.lexeme_query(l)` is served
-- by a GIN index on `search`.
CREATE FUNCTION platform.lexeme_query(p_lexeme text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ('''' || replace(replace(p_lexeme, '\', '\\'), '''', '''''') || '''')::tsquery
$$;

COMMENT ON PROCEDURE platform.create_search_lexicon(text, text, text) IS
  'Superseded by create_search_lexicon(schema, table, key, public) of 0041: this one learns every row''s words. '
  'Kept because vacancies/0024 and resumes/0025 call it on a fresh database before 0041 applies.';

CREATE PROCEDURE platform.create_search_lexicon(p_schema text, p_table text, p_key text, p_public text)
LANGUAGE plpgsql AS $proc$
BEGIN
  EXECUTE format('CREATE TABLE IF NOT EXISTS %I.search_lexemes (lexeme text PRIMARY KEY)', p_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS search_lexemes_trgm_idx ON %I.search_lexemes '
                 'USING gin (lexeme gin_trgm_ops)', p_schema);

  -- The triggers that learned every row (0022's, orders/0012's, profiles/0019's names), and this procedure's own
  -- from an earlier call.
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I.%I', p_table || '_search_lexemes_insert', p_schema, p_table);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I.%I', p_table || '_search_lexemes_update', p_schema, p_table);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I.%I', p_table || '_search_lexemes_delete', p_schema, p_table);
  EXECUTE format('DROP FUNCTION IF EXISTS %I.add_search_lexemes()', p_schema);
  EXECUTE format('DROP FUNCTION IF EXISTS %I.add_changed_search_lexemes()', p_schema);

  -- Forgets the candidates (lexemes of rows that stopped being public or lost them) that no public row has now.
  -- First every candidate's lexicon row is locked, in lexeme order (no deadlock between two of these); then each
  -- is checked by a statement of its own, so in a READ COMMITTED snapshot taken after every lock is held, and
  -- deleted when no public row contains it. Two transactions that hide the last two rows with one word cannot
  -- both keep it: the second waits for the first's lock, and its check then sees the first's commit. The one
  -- race left is benign: a transaction that publishes a row with a word while another removes that word finds
  -- the word still there (ON CONFLICT DO NOTHING) and the remover does not yet see the new row, so the word goes
  -- missing until a row with it is written again: less help, never a leak.
  --
  -- The check is planned for its lexeme (EXECUTE): a common word is found by the first rows of a sequential
  -- scan, a rare one (the word about to go) through the table's GIN index on `search`. One statement for all
  -- candidates, with the lexeme a column, always took the GIN bitmap scan, whose cost is every posting of the
  -- word: 3.5 ms per common word on 50 000 orders, 110 ms for closing one order of 31 words.
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I.forget_search_lexemes(p_candidates text[]) RETURNS void
    LANGUAGE plpgsql AS $body$
    DECLARE
      v_lexeme text;
      v_public boolean;
    BEGIN
      PERFORM 1 FROM %1$I.search_lexemes WHERE lexeme = ANY (p_candidates) ORDER BY lexeme FOR UPDATE;
      FOR v_lexeme IN SELECT lexeme FROM %1$I.search_lexemes WHERE lexeme = ANY (p_candidates) ORDER BY lexeme LOOP
        EXECUTE %2$L INTO v_public USING v_lexeme;
        IF NOT v_public THEN
          DELETE FROM %1$I.search_lexemes WHERE lexeme = v_lexeme;
        END IF;
      END LOOP;
    END
    $body$$f$, p_schema,
    format('SELECT EXISTS (SELECT 1 FROM %I.%I WHERE (%s) AND search @@ platform.lexeme_query($1))',
           p_schema, p_table, p_public));

  -- Inserted rows: the words of those that are public. Per statement with the rows it wrote, so a bulk load adds
  -- its lexemes in one pass; in lexeme order, so two transactions adding the same new words wait for each other
  -- rather than deadlock.
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I.search_lexemes_inserted() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      INSERT INTO %1$I.search_lexemes (lexeme)
      SELECT DISTINCT w.lexeme
      FROM (SELECT search FROM changed WHERE (%2$s)) c
      CROSS JOIN LATERAL unnest(tsvector_to_array(c.search)) w (lexeme)
      WHERE platform.lexicon_word(w.lexeme)
      ORDER BY w.lexeme
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END
    $body$$f$, p_schema, p_public);

  -- Updated rows (most updates change neither the text nor the publicity: counters, reputation, activity). Added:
  -- the words of rows public now that were not before or whose text changed. Candidates for removal: the words
  -- of rows public before that are not now, or that their new text no longer has.
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I.search_lexemes_updated() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE
      v_candidates text[];
    BEGIN
      WITH now_public AS (SELECT %2$I AS key, search FROM changed WHERE (%3$s)),
           was_public AS (SELECT %2$I AS key, search FROM previous WHERE (%3$s))
      INSERT INTO %1$I.search_lexemes (lexeme)
      SELECT DISTINCT w.lexeme
      FROM now_public n LEFT JOIN was_public p ON p.key = n.key
      CROSS JOIN LATERAL unnest(tsvector_to_array(n.search)) w (lexeme)
      WHERE (p.key IS NULL OR p.search IS DISTINCT FROM n.search) AND platform.lexicon_word(w.lexeme)
      ORDER BY w.lexeme
      ON CONFLICT DO NOTHING;

      WITH now_public AS (SELECT %2$I AS key, search FROM changed WHERE (%3$s)),
           was_public AS (SELECT %2$I AS key, search FROM previous WHERE (%3$s))
      SELECT array_agg(DISTINCT w.lexeme) INTO v_candidates
      FROM was_public p LEFT JOIN now_public n ON n.key = p.key
      CROSS JOIN LATERAL unnest(tsvector_to_array(p.search)) w (lexeme)
      WHERE (n.key IS NULL OR n.search IS DISTINCT FROM p.search)
        AND w.lexeme <> ALL (coalesce(tsvector_to_array(n.search), '{}'))
        AND platform.lexicon_word(w.lexeme);
      IF v_candidates IS NOT NULL THEN
        PERFORM %1$I.forget_search_lexemes(v_candidates);
      END IF;
      RETURN NULL;
    END
    $body$$f$, p_schema, p_key, p_public);

  -- Deleted rows: the words of those that were public are candidates for removal.
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I.search_lexemes_deleted() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE
      v_candidates text[];
    BEGIN
      SELECT array_agg(DISTINCT w.lexeme) INTO v_candidates
      FROM (SELECT search FROM previous WHERE (%2$s)) p
      CROSS JOIN LATERAL unnest(tsvector_to_array(p.search)) w (lexeme)
      WHERE platform.lexicon_word(w.lexeme);
      IF v_candidates IS NOT NULL THEN
        PERFORM %1$I.forget_search_lexemes(v_candidates);
      END IF;
      RETURN NULL;
    END
    $body$$f$, p_schema, p_public);

  EXECUTE format('CREATE TRIGGER %2$I AFTER INSERT ON %1$I.%3$I REFERENCING NEW TABLE AS changed '
                 'FOR EACH STATEMENT EXECUTE FUNCTION %1$I.search_lexemes_inserted()',
                 p_schema, p_table || '_search_lexemes_insert', p_table);
  EXECUTE format('CREATE TRIGGER %2$I AFTER UPDATE ON %1$I.%3$I '
                 'REFERENCING OLD TABLE AS previous NEW TABLE AS changed '
                 'FOR EACH STATEMENT EXECUTE FUNCTION %1$I.search_lexemes_updated()',
                 p_schema, p_table || '_search_lexemes_update', p_table);
  EXECUTE format('CREATE TRIGGER %2$I AFTER DELETE ON %1$I.%3$I REFERENCING OLD TABLE AS previous '
                 'FOR EACH STATEMENT EXECUTE FUNCTION %1$I.search_lexemes_deleted()',
                 p_schema, p_table || '_search_lexemes_delete', p_table);

  -- The lexicon from the public rows alone: what the old triggers learned from the others goes.
  EXECUTE format('DELETE FROM %I.search_lexemes', p_schema);
  EXECUTE format($f$
    INSERT INTO %1$I.search_lexemes (lexeme)
    SELECT DISTINCT w.lexeme
    FROM (SELECT search FROM %1$I.%2$I WHERE (%3$s)) t
    CROSS JOIN LATERAL unnest(tsvector_to_array(t.search)) w (lexeme)
    WHERE platform.lexicon_word(w.lexeme)
    ON CONFLICT DO NOTHING$f$, p_schema, p_table, p_public);

  IF to_regprocedure(format('%I.tsquery_any(tsquery)', p_schema)) IS NULL THEN
    EXECUTE format('CREATE AGGREGATE %I.tsquery_any(tsquery) (SFUNC = tsquery_or, STYPE = tsquery)', p_schema);
  END IF;
  IF to_regprocedure(format('%I.tsquery_all(tsquery)', p_schema)) IS NULL THEN
    EXECUTE format('CREATE AGGREGATE %I.tsquery_all(tsquery) (SFUNC = tsquery_and, STYPE = tsquery)', p_schema);
  END IF;
END
$proc$;
