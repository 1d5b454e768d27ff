-- Benchmark data for the resume list (GET /api/resumes): applicants and their resumes with experience and
-- education entries, generated inside PostgreSQL (INSERT ... SELECT generate_series), one transaction (psql -1),
-- deterministic for a given seed:
--   psql -X -1 -v ON_ERROR_STOP=1 -v resumes=500000 -f benchmarks/resumes_data.sql
-- then `VACUUM (ANALYZE)` of the tables outside the transaction (run.sh does). Defaults: 500 000 resumes of
-- 250 000 applicants, seed 0.42. Generates into a database without resumes (after Artel migrated it).
--
-- What the data looks like (docs/performance.md, "Resume list"):
--   users       one per two resumes, 70 % ru / 30 % en.
--   resumes     the category by the orders' shares (development 30 % … photo 4 %), one or two specializations of
--               it, 0–8 skills; 80 % published (of those 85 % public, 15 % responded-only), 10 % hidden, 10 %
--               drafts; 80 % with an expected salary (90 % roubles, 10 % dollars; 30 000–600 000 ₽ a month); every
--               employment and schedule code with realistic odds; 85 % in a city of the catalog; published within
--               the last year; positions and texts in the applicant's language from per-category titles and a
--               Zipf-like vocabulary; 0–3 experience entries (the derived months and bucket as the save code
--               computes them) and 0–2 education entries; the search document written by the same function the
--               save code calls (resumes.search_document, migration 0029).
-- Secondary indexes are dropped for the load and built again from their own definitions (pg_get_indexdef), so
-- migrations stay the only source of the schema (the entries' before the search documents, which read them); triggers (foreign keys, the search lexicon's) are skipped during
-- the load (session_replication_role = replica) and the lexicon is filled here.

\set ON_ERROR_STOP on
\if :{?resumes}
\else
  \set resumes 500000
\endif
\if :{?seed}
\else
  \set seed 0.42
\endif

SET client_min_messages = warning;
SET maintenance_work_mem = '512MB';
SET work_mem = '64MB';
SET jit = off;
SET session_replication_role = replica;
SELECT setseed(:seed);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM resumes.resumes) THEN
    RAISE EXCEPTION 'resumes_data.sql: resumes are not empty; generate into a fresh database';
  END IF;
END $$;

SELECT COALESCE(max(id), 0) AS user_base, now() AS started, :resumes / 2 AS applicants FROM identity.users \gset
\echo resumes_data.sql: :resumes resumes of :applicants applicants (seed :seed), user ids after :user_base

CREATE SCHEMA bench_rs;
CREATE FUNCTION bench_rs.pick(a anyarray, skew float8 DEFAULT 1) RETURNS anyelement
  LANGUAGE sql VOLATILE PARALLEL UNSAFE
  AS $$ SELECT a[1 + floor(power(random(), skew) * cardinality(a))::int] $$;
CREATE FUNCTION bench_rs.words(a text[], n int) RETURNS text
  LANGUAGE sql VOLATILE PARALLEL UNSAFE
  AS $$ SELECT string_agg(bench_rs.pick(a, 2.5), ' ') FROM generate_series(1, n) $$;

-- Per category (1..8, the orders' shares) and language: desired positions; and a shared vocabulary.
CREATE TABLE bench_rs.titles (category int, lang text, titles text[]);
INSERT INTO bench_rs.titles VALUES
  (1, 'ru', '{"Backend-разработчик","Frontend-разработчик","Python-разработчик","Java-разработчик","Тестировщик","DevOps-инженер","Аналитик данных","Программист 1С","Мобильный разработчик","Системный администратор"}'),
  (1, 'en', '{"Backend developer","Frontend developer","Python developer","Java developer","QA engineer","DevOps engineer","Data analyst","1C developer","Mobile developer","System administrator"}'),
  (2, 'ru', '{"Дизайнер интерфейсов","Графический дизайнер","Веб-дизайнер","Иллюстратор","3D-дизайнер","Дизайнер интерьеров"}'),
  (2, 'en', '{"UI/UX designer","Graphic designer","Web designer","Illustrator","3D artist","Interior designer"}'),
  (3, 'ru', '{"Копирайтер","Редактор","Переводчик английского","Технический писатель","Корректор"}'),
  (3, 'en', '{"Copywriter","Editor","English translator","Technical writer","Proofreader"}'),
  (4, 'ru', '{"SMM-менеджер","Маркетолог","Специалист по контекстной рекламе","SEO-специалист","Менеджер маркетплейсов"}'),
  (4, 'en', '{"Social media manager","Marketing manager","PPC specialist","SEO specialist","Marketplace manager"}'),
  (5, 'ru', '{"Видеомонтажёр","Моушн-дизайнер","Звукорежиссёр"}'),
  (5, 'en', '{"Video editor","Motion designer","Sound engineer"}'),
  (6, 'ru', '{"Инженер-конструктор","Инженер-проектировщик","Сметчик"}'),
  (6, 'en', '{"Design engineer","Project engineer","Cost estimator"}'),
  (7, 'ru', '{"Фотограф","Ретушёр"}'),
  (7, 'en', '{"Photographer","Retoucher"}'),
  (8, 'ru', '{"Бухгалтер","Менеджер по продажам","Юрист","Офис-менеджер","HR-менеджер"}'),
  (8, 'en', '{"Accountant","Sales manager","Lawyer","Office manager","HR manager"}');
CREATE TABLE bench_rs.vocab (lang text, words text[]);
INSERT INTO bench_rs.vocab VALUES
  ('ru', '{"опыт","работа","проекты","команда","клиенты","разработка","поддержка","отчёты","сроки","качество","продажи","анализ","автоматизация","интеграция","сервис","документация","обучение","запуск","сайт","приложение","база","данных","интерфейс","дизайн","реклама","бюджет","процессы","планирование","исследования","логистика"}'),
  ('en', '{"experience","work","projects","team","clients","development","support","reports","deadlines","quality","sales","analysis","automation","integration","service","documentation","training","launch","website","app","database","data","interface","design","advertising","budget","processes","planning","research","logistics"}');
CREATE TABLE bench_rs.companies (lang text, names text[]);
INSERT INTO bench_rs.companies VALUES
  ('ru', '{"Яндекс","Сбер","Тинькофф","Авито","Ozon","Wildberries","МТС","Билайн","Лаборатория Касперского","СКБ Контур","Первый БИТ","ВкусВилл","Додо Пицца","Ростелеком","Альфа-Банк"}'),
  ('en', '{"EPAM","Kaspi.kz","Halyk Bank","Wargaming","JetBrains","Acronis","Playrix","inDrive","Yandex","Ozon","Beeline","Kolesa Group","Chocofamily","Uzum","Payme"}');

CREATE TABLE bench_rs.saved_indexes AS
SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS table_name,
       pg_get_indexdef(i.indexrelid) AS definition
  FROM pg_index i
 WHERE i.indrelid IN ('resumes.resumes'::regclass, 'resumes.experience'::regclass, 'resumes.education'::regclass)
   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT name FROM bench_rs.saved_indexes LOOP EXECUTE 'DROP INDEX ' || r.name; END LOOP;
END $$;
-- Builds a table's dropped indexes again from their saved definitions.
CREATE FUNCTION bench_rs.rebuild_indexes(p_table text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record; t timestamptz;
BEGIN
  FOR r IN SELECT * FROM bench_rs.saved_indexes WHERE table_name = p_table LOOP
    t := clock_timestamp();
    EXECUTE r.definition;
    RAISE WARNING 'resumes_data.sql: index % built in % s', r.name,
      round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  END LOOP;
END $$;

\timing on
\echo resumes_data.sql: users
INSERT INTO identity.users (id, email, email_verified_at, password_hash, name, lastname, role, lang, created_at,
                            updated_at, intent)
OVERRIDING SYSTEM VALUE
SELECT :user_base + n, 'applicant' || n || '@bench.artel.local', created,
       '$argon2id$v=19$m=19456,t=2,p=1$' || md5('salt' || n) || '$' || md5('hash' || n),
       CASE WHEN n % 10 < 7 THEN bench_rs.pick('{Алексей,Мария,Иван,Анна,Дмитрий,Екатерина,Сергей,Ольга}'::text[])
            ELSE bench_rs.pick('{Alex,Maria,John,Anna,Daniel,Kate,Sergey,Olga}'::text[]) END,
       CASE WHEN n % 10 < 7 THEN bench_rs.pick('{Иванов,Смирнова,Кузнецов,Попова,Соколов,Лебедева}'::text[])
            ELSE bench_rs.pick('{Smith,Ivanova,Brown,Petrov,Wilson,Sokolova}'::text[]) END,
       0, CASE WHEN n % 10 < 7 THEN 'ru' ELSE 'en' END, created, created, 'performer'
  FROM (SELECT n, :'started'::timestamptz - interval '3 years' * random() AS created
          FROM generate_series(1, :applicants) n OFFSET 0) u;

\echo resumes_data.sql: resumes
INSERT INTO resumes.resumes (id, user_id, position, category_id, specialization_ids, salary_amount, salary_currency,
  salary_base, employments, schedules, skill_ids, languages, about, country_id, city_id, relocate, business_trips,
  status, visibility, published_at, created_at, updated_at)
OVERRIDING SYSTEM VALUE
SELECT r.n, :user_base + 1 + (r.n % :applicants), bench_rs.pick(t.titles), r.category,
       ARRAY(SELECT s.id FROM catalog.specializations s WHERE s.category_id = r.category
             ORDER BY random() LIMIT 1 + (r.n % 2)),
       r.amount, r.currency, CASE WHEN r.amount IS NULL THEN NULL
                                  ELSE round(r.amount * (SELECT c.rate_to_rub FROM catalog.currencies c
                                                         WHERE c.code = r.currency))::bigint END,
       -- r.n in each subquery's condition: an uncorrelated one would be drawn once for every row.
       ARRAY(SELECT e FROM unnest('{full,part,project,volunteer,internship}'::text[]) e
             WHERE r.n > 0 AND random() < CASE e WHEN 'full' THEN 0.8 WHEN 'part' THEN 0.3 WHEN 'project' THEN 0.3 ELSE 0.05 END),
       ARRAY(SELECT e FROM unnest('{full_day,shift,flexible,remote,rotation}'::text[]) e
             WHERE r.n > 0 AND random() < CASE e WHEN 'full_day' THEN 0.6 WHEN 'remote' THEN 0.4 WHEN 'flexible' THEN 0.3 ELSE 0.05 END),
       ARRAY(SELECT k FROM generate_series(1, 40) k WHERE r.n > 0 AND random() < 0.1 LIMIT 8),
       '[{"code": "ru", "level": "native"}]'::jsonb,
       bench_rs.words(v.words, 10 + (r.n % 30)),
       CASE WHEN r.place < 0.85 THEN 1 + (r.n % 3) END,
       CASE WHEN r.place < 0.85 THEN (SELECT c.id FROM catalog.cities c WHERE c.country_id = 1 + (r.n % 3)
                                      ORDER BY c.position OFFSET (r.n / 7) % 3 LIMIT 1) END,
       random() < 0.3, random() < 0.5,
       CASE WHEN r.state < 0.8 THEN 'published' WHEN r.state < 0.9 THEN 'hidden' ELSE 'draft' END,
       CASE WHEN random() < 0.85 THEN 'public' ELSE 'responded' END,
       CASE WHEN r.state < 0.9 THEN r.published END, r.published - interval '30 days', r.published
  FROM (SELECT n,
               CASE WHEN x < 0.30 THEN 1 WHEN x < 0.50 THEN 2 WHEN x < 0.62 THEN 3 WHEN x < 0.74 THEN 4
                    WHEN x < 0.84 THEN 5 WHEN x < 0.90 THEN 6 WHEN x < 0.94 THEN 7 ELSE 8 END AS category,
               CASE WHEN random() < 0.8 THEN (round(exp(ln(3000000) + random() * ln(20)) / 100000) * 100000)::bigint END
                 AS amount,
               'RUB' AS currency, random() AS place, random() AS state,
               :'started'::timestamptz - interval '365 days' * power(random(), 2) AS published,
               CASE WHEN ((n % :applicants) + 1) % 10 < 7 THEN 'ru' ELSE 'en' END AS lang
          FROM (SELECT n, random() AS x FROM generate_series(1, :resumes) n OFFSET 0) g) r
  JOIN bench_rs.titles t ON t.category = r.category AND t.lang = r.lang
  JOIN bench_rs.vocab v ON v.lang = r.lang;

\echo resumes_data.sql: experience and education
INSERT INTO resumes.experience (resume_id, company, position, started_on, ended_on, description, priority)
SELECT r.id, bench_rs.pick(c.names), r.position,
       date_trunc('month', r.created_at - interval '1 month' * (12 + 30 * k + floor(random() * 24)))::date,
       CASE WHEN k = 1 THEN NULL ELSE date_trunc('month', r.created_at - interval '1 month' * (30 * k - 20))::date END,
       bench_rs.words(v.words, 8), k
  FROM resumes.resumes r
  JOIN identity.users u ON u.id = r.user_id
  JOIN bench_rs.companies c ON c.lang = u.lang
  JOIN bench_rs.vocab v ON v.lang = u.lang
  CROSS JOIN LATERAL generate_series(1, (r.id % 4)::int) k;
INSERT INTO resumes.education (resume_id, level, institution, specialty, graduation_year, priority)
SELECT r.id, (ARRAY['secondary', 'vocational', 'higher', 'higher'])[1 + (r.id % 4)], 'University ' || (r.id % 50),
       '', 2000 + (r.id % 24), 1
  FROM resumes.resumes r WHERE r.id % 7 <> 0;

-- The search document reads each resume's experience entries: their index first (a scan per resume otherwise).
\echo resumes_data.sql: indexes of the entries
SELECT bench_rs.rebuild_indexes('resumes.experience');
SELECT bench_rs.rebuild_indexes('resumes.education');
ANALYZE resumes.experience;

\echo resumes_data.sql: derived fields and the search document
UPDATE resumes.resumes r
   SET experience_months = coalesce(x.months, 0),
       experience = CASE WHEN coalesce(x.months, 0) < 12 THEN 'none' WHEN x.months < 36 THEN '1_3'
                         WHEN x.months < 72 THEN '3_6' ELSE '6_plus' END,
       education_level = coalesce(d.level, 'none'),
       search = resumes.search_document(r.id)
  FROM resumes.resumes r2
  LEFT JOIN (SELECT e.resume_id, sum((extract(year FROM age(coalesce(e.ended_on, date_trunc('month', now())::date),
                                                           e.started_on)) * 12
                                      + extract(month FROM age(coalesce(e.ended_on, date_trunc('month', now())::date),
                                                               e.started_on)))::int + 1) AS months
               FROM resumes.experience e GROUP BY e.resume_id) x ON x.resume_id = r2.id
  LEFT JOIN (SELECT resume_id, (array_agg(level ORDER BY CASE level WHEN 'higher' THEN 3 WHEN 'vocational' THEN 2
                                                                    ELSE 1 END DESC))[1] AS level
               FROM resumes.education GROUP BY resume_id) d ON d.resume_id = r2.id
 WHERE r2.id = r.id;

\echo resumes_data.sql: indexes of the resumes
SELECT bench_rs.rebuild_indexes('resumes.resumes');

\echo resumes_data.sql: search lexemes
-- Published public resumes' words only, as the trigger (db/migrations/resumes/0045_public_lexicon.sql).
INSERT INTO resumes.search_lexemes (lexeme)
SELECT DISTINCT w.lexeme
FROM resumes.resumes r CROSS JOIN LATERAL unnest(tsvector_to_array(r.search)) w (lexeme)
WHERE r.status = 'published' AND r.visibility = 'public' AND platform.lexicon_word(w.lexeme)
ON CONFLICT DO NOTHING;

SELECT setval(pg_get_serial_sequence('identity.users', 'id'), (SELECT max(id) FROM identity.users));
SELECT setval(pg_get_serial_sequence('resumes.resumes', 'id'), (SELECT max(id) FROM resumes.resumes));
SELECT setval(pg_get_serial_sequence('resumes.experience', 'id'), (SELECT max(id) FROM resumes.experience));
SELECT setval(pg_get_serial_sequence('resumes.education', 'id'), (SELECT max(id) FROM resumes.education));

SET session_replication_role = origin;
DROP SCHEMA bench_rs CASCADE;
\timing off
SELECT (SELECT count(*) FROM resumes.resumes) AS resumes,
       (SELECT count(*) FROM resumes.resumes WHERE status = 'published' AND visibility = 'public') AS listed,
       (SELECT count(*) FROM resumes.experience) AS experience,
       round(extract(epoch FROM clock_timestamp() - :'started'::timestamptz)) AS seconds;
