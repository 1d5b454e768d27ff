-- Benchmark data for the vacancy list: employers, their companies and vacancies generated inside PostgreSQL
-- (INSERT ... SELECT generate_series; no row goes through the client). psql script, one transaction (psql -1),
-- deterministic for a given seed:
--   psql -X -1 -v ON_ERROR_STOP=1 -v vacancies=200000 -v companies=5000 -f benchmarks/vacancies_data.sql
-- followed by `VACUUM (ANALYZE) identity.users, companies.companies, vacancies.vacancies, vacancies.search_lexemes`
-- outside the transaction (run.sh does). Defaults: 200 000 vacancies, 5 000 companies (one employer each),
-- seed 0.42.
--
-- What the data looks like (docs/performance.md, "Vacancy list"):
--   companies  one per employer (a demo-like user who signs in as nobody), industries and sizes of 0023's codes.
--   vacancies  85 % published over the last 30 days (expires_at = published_at + 30 days), 10 % archived (published
--              30–400 days ago), 5 % drafts; category shares like the order data (development 30 %, design 18 %,
--              texts 14 %, marketing 12 %, the rest 26 %), a specialization of the category, 0–4 of its skills;
--              75 % with a salary (RUB 80 %, USD 8 %, KZT 7 %, EUR 5 %; 30 % "from" only) and salary_base =
--              the top of the range × rate_to_rub, 25 % by agreement; employment, schedule, experience and
--              education in hh.ru-like proportions (remote 20 %); 90 % in one of the catalog's cities; titles and
--              descriptions 65 % Russian, 35 % English from the word lists below, and the search document
--              written as libs/vacancies writes it (title A; specialization, skills and company B; description C).
--
-- Secondary indexes of vacancies (not those of constraints) are dropped for the load and built again afterwards from
-- their own definitions (pg_get_indexdef), so migrations stay the only source of the schema. The lexicon triggers
-- stay on: one INSERT statement feeds vacancies.search_lexemes once.

\set ON_ERROR_STOP on
\if :{?vacancies}
\else
  \set vacancies 200000
\endif
\if :{?companies}
\else
  \set companies 5000
\endif
\if :{?seed}
\else
  \set seed 0.42
\endif

SET client_min_messages = warning;
SET maintenance_work_mem = '512MB';
SET work_mem = '64MB';
SET jit = off;
SELECT setseed(:seed);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM vacancies.vacancies) THEN
    RAISE EXCEPTION 'vacancies_data.sql: vacancies are not empty; generate into a fresh database';
  END IF;
END $$;

SELECT COALESCE(max(id), 0) AS user_base, now() AS started FROM identity.users \gset
SELECT COALESCE(max(id), 0) AS company_base FROM companies.companies \gset
\echo vacancies_data.sql: :vacancies vacancies of :companies companies (seed :seed)

CREATE SCHEMA bench_gen;
CREATE FUNCTION bench_gen.pick(items text[]) RETURNS text LANGUAGE sql VOLATILE
  AS $$ SELECT items[1 + floor(random() * cardinality(items))::int] $$;

-- Per category: job titles in both languages (the share of vacancies in `share`).
CREATE TABLE bench_gen.categories (id int PRIMARY KEY, share float8, upto float8, titles_ru text[], titles_en text[],
                                   skills int[], specs int[]);
INSERT INTO bench_gen.categories (id, share, titles_ru, titles_en, skills) VALUES
 (1, 0.30, ARRAY['Frontend-разработчик', 'Backend-разработчик', 'Программист Python', 'Разработчик Go',
                 'iOS-разработчик', 'Android-разработчик', 'Тестировщик', 'DevOps-инженер', 'Программист 1С',
                 'Аналитик данных', 'Системный администратор', 'Разработчик игр'],
           ARRAY['Frontend developer', 'Backend developer', 'Python developer', 'Go developer', 'iOS developer',
                 'Android developer', 'QA engineer', 'DevOps engineer', '1C developer', 'Data analyst',
                 'System administrator', 'Game developer'],
           ARRAY[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20]),
 (2, 0.18, ARRAY['Веб-дизайнер', 'UI/UX-дизайнер', 'Графический дизайнер', 'Иллюстратор', '3D-визуализатор',
                 'Дизайнер интерьеров'],
           ARRAY['Web designer', 'UI/UX designer', 'Graphic designer', 'Illustrator', '3D visualizer',
                 'Interior designer'],
           ARRAY[21, 22, 23, 24, 25]),
 (3, 0.14, ARRAY['Копирайтер', 'Переводчик английского', 'Технический писатель', 'Редактор', 'Корректор'],
           ARRAY['Copywriter', 'English translator', 'Technical writer', 'Editor', 'Proofreader'],
           ARRAY[31, 32, 33, 34]),
 (4, 0.12, ARRAY['SEO-специалист', 'Специалист по контекстной рекламе', 'SMM-менеджер', 'Маркетолог',
                 'Менеджер маркетплейсов'],
           ARRAY['SEO specialist', 'PPC specialist', 'SMM manager', 'Marketing manager', 'Marketplace manager'],
           ARRAY[35, 36, 37, 38, 42]),
 (5, 0.07, ARRAY['Видеомонтажёр', 'Моушн-дизайнер', 'Звукорежиссёр'],
           ARRAY['Video editor', 'Motion designer', 'Sound engineer'], ARRAY[28, 29, 30]),
 (6, 0.07, ARRAY['Инженер-конструктор', 'Инженер-сметчик', 'Архитектор', 'Инженер-электроник'],
           ARRAY['Design engineer', 'Cost estimator', 'Architect', 'Electronics engineer'], ARRAY[26, 27]),
 (7, 0.04, ARRAY['Фотограф', 'Ретушёр'], ARRAY['Photographer', 'Retoucher'], ARRAY[22]),
 (8, 0.08, ARRAY['Бухгалтер', 'Юрист', 'HR-менеджер', 'Офис-менеджер', 'Финансовый аналитик'],
           ARRAY['Accountant', 'Lawyer', 'HR manager', 'Office manager', 'Financial analyst'], ARRAY[39, 40, 41]);
UPDATE bench_gen.categories c SET upto = s.upto, specs = s.specs
  FROM (SELECT id, sum(share) OVER (ORDER BY id) AS upto,
               (SELECT array_agg(sp.id) FROM catalog.specializations sp WHERE sp.category_id = bc.id) AS specs
          FROM bench_gen.categories bc) s
 WHERE s.id = c.id;
-- The last range reaches past 1 (a float sum of the shares may stop just short of it).
UPDATE bench_gen.categories SET upto = upto + 1, share = share + 1 WHERE id = 8;

CREATE TABLE bench_gen.words (lang text PRIMARY KEY, grades text[], sentences text[], names text[]);
INSERT INTO bench_gen.words VALUES
('ru', ARRAY['', '', 'Старший ', 'Ведущий ', 'Младший ', ''],
 ARRAY['Ищем специалиста в растущую команду.', 'Официальное оформление с первого дня, ДМС.',
       'Гибкое начало рабочего дня, удалённые дни по договорённости.', 'Оплачиваемое обучение и конференции.',
       'Задачи: развитие продукта, работа с заказчиками, отчётность.', 'Требуется опыт работы от года.',
       'Команда из десяти человек, короткие планёрки, без бюрократии.', 'Белая зарплата два раза в месяц.',
       'Офис в пяти минутах от метро, есть парковка.', 'Будет плюсом опыт в похожей отрасли.',
       'Рассматриваем кандидатов без опыта, всему научим.', 'Премии по итогам квартала.'],
 ARRAY['Ромашка', 'Вектор', 'Горизонт', 'Альфа', 'Сфера', 'Меридиан', 'Пульс', 'Север', 'Кристалл', 'Радуга']),
('en', ARRAY['', '', 'Senior ', 'Lead ', 'Junior ', ''],
 ARRAY['We are looking for a specialist to join a growing team.', 'Health insurance from day one.',
       'Flexible hours and remote days by agreement.', 'Paid training and conferences.',
       'Tasks: product development, client work, reporting.', 'At least a year of experience is required.',
       'A team of ten, short stand-ups, no bureaucracy.', 'Salary paid twice a month.',
       'The office is five minutes from the metro, parking available.', 'Experience in a similar industry is a plus.',
       'Juniors welcome, we will teach you everything.', 'Quarterly bonuses.'],
 ARRAY['Northwind', 'Bluebird', 'Summit', 'Atlas', 'Vertex', 'Horizon', 'Pulse', 'Crystal', 'Harbor', 'Orbit']);

SELECT array_agg(id ORDER BY id) AS city_ids FROM catalog.cities \gset

CREATE TABLE bench_gen.saved_indexes AS
SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
  FROM pg_index i
 WHERE i.indrelid = 'vacancies.vacancies'::regclass
   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT name FROM bench_gen.saved_indexes LOOP EXECUTE 'DROP INDEX ' || r.name; END LOOP;
END $$;

\echo vacancies_data.sql: employers and companies
\timing on
INSERT INTO identity.users (id, email, email_verified_at, password_hash, name, lastname, role, lang, created_at,
                            updated_at, intent)
OVERRIDING SYSTEM VALUE
SELECT :user_base + n, 'employer' || n || '@bench.artel.local', :'started'::timestamptz,
       '$argon2id$v=19$m=19456,t=2,p=1$'
         || rtrim(encode(substr(sha256(convert_to('salt' || n, 'UTF8')), 1, 16), 'base64'), '=') || '$'
         || rtrim(encode(sha256(convert_to('hash' || n, 'UTF8')), 'base64'), '='),
       'Employer', 'No. ' || n, 0, CASE WHEN n % 3 = 0 THEN 'en' ELSE 'ru' END,
       :'started'::timestamptz - interval '2 years', :'started'::timestamptz - interval '2 years', 'customer'
  FROM generate_series(1, :companies) n;

INSERT INTO companies.companies (id, owner_id, name, industry, size, verified, created_at, updated_at)
OVERRIDING SYSTEM VALUE
SELECT :company_base + n, :user_base + n, bench_gen.pick(w.names) || ' ' || n,
       (ARRAY['it', 'finance', 'retail', 'manufacturing', 'construction', 'education', 'healthcare', 'media',
              'logistics', 'hospitality'])[1 + n % 10],
       (ARRAY['1_10', '11_50', '51_200', '201_1000', '1000_plus'])[1 + n % 5], n % 7 = 0,
       :'started'::timestamptz - interval '2 years', :'started'::timestamptz - interval '2 years'
  FROM generate_series(1, :companies) n
  JOIN bench_gen.words w ON w.lang = CASE WHEN n % 3 = 0 THEN 'en' ELSE 'ru' END;

\echo vacancies_data.sql: vacancies
INSERT INTO vacancies.vacancies (company_id, owner_id, title, category_id, specialization_id, description, skill_ids,
  salary_from, salary_to, salary_currency, salary_gross, salary_base, employment, schedule, experience, education,
  country_id, city_id, address, contact_name, contact_email, contact_phone, status, published_at, expires_at,
  archived_at, view_count, search, created_at, updated_at)
SELECT g.company_id, g.owner_id, g.title, g.category_id, g.specialization_id, g.description, g.skill_ids,
       g.salary_from, g.salary_to, g.currency, g.gross, g.salary_base, g.employment, g.schedule, g.experience,
       g.education, g.country_id, g.city_id, '', 'HR', 'hr@bench.artel.local', '', g.status, g.published_at,
       g.published_at + interval '30 days',
       CASE WHEN g.status = 'archived' THEN g.published_at + interval '30 days' END, floor(random() * 500)::int,
       setweight(to_tsvector('russian', g.title), 'A')
         || setweight(to_tsvector('russian', concat_ws(' ', g.spec_names, g.skill_names, g.company_name)), 'B')
         || setweight(to_tsvector('russian', g.description), 'C'),
       COALESCE(g.published_at, g.created) - interval '1 hour', COALESCE(g.published_at, g.created)
  FROM (
    SELECT v.*, c.id AS company_id, c.owner_id, c.name AS company_name,
           CASE WHEN v.salary_to IS NOT NULL OR v.salary_from IS NOT NULL
                THEN round(COALESCE(v.salary_to, v.salary_from) * cur.rate_to_rub)::bigint END AS salary_base,
           (SELECT s.name_en || ' ' || s.name_ru FROM catalog.specializations s WHERE s.id = v.specialization_id)
             AS spec_names,
           (SELECT string_agg(k.name_en || ' ' || k.name_ru, ' ') FROM catalog.skills k WHERE k.id = ANY(v.skill_ids))
             AS skill_names,
           (SELECT ci.country_id FROM catalog.cities ci WHERE ci.id = v.city_id) AS country_id
      FROM (
        SELECT n, u.*,
               bench_gen.pick(w.grades) || bench_gen.pick(CASE WHEN u.lang = 'ru' THEN cat.titles_ru ELSE cat.titles_en END)
                 AS title,
               cat.id AS category_id, cat.specs[1 + floor(u.r_spec * cardinality(cat.specs))::int] AS specialization_id,
               concat_ws(' ', bench_gen.pick(w.sentences), bench_gen.pick(w.sentences), bench_gen.pick(w.sentences),
                         bench_gen.pick(w.sentences)) AS description,
               ARRAY(SELECT DISTINCT cat.skills[1 + floor(random() * cardinality(cat.skills))::int]
                       FROM generate_series(1, u.skill_count) WHERE u.n > 0) AS skill_ids,
               CASE WHEN u.r_salary < 0.75 THEN round(u.rub_amount * (0.7 + 0.3 * u.r_from))::bigint END AS salary_from,
               CASE WHEN u.r_salary < 0.75 AND u.r_open >= 0.3 THEN round(u.rub_amount * (1.0 + 0.5 * u.r_from))::bigint END
                 AS salary_to,
               CASE WHEN u.r_salary < 0.75 THEN u.cur END AS currency,
               CASE WHEN u.r_salary < 0.75 THEN u.r_open < 0.6 END AS gross,
               CASE WHEN u.r_emp < 0.70 THEN 'full' WHEN u.r_emp < 0.80 THEN 'part' WHEN u.r_emp < 0.88 THEN 'project'
                    WHEN u.r_emp < 0.95 THEN 'internship' ELSE 'volunteer' END AS employment,
               CASE WHEN u.r_sch < 0.50 THEN 'full_day' WHEN u.r_sch < 0.70 THEN 'remote' WHEN u.r_sch < 0.85 THEN 'flexible'
                    WHEN u.r_sch < 0.95 THEN 'shift' ELSE 'rotation' END AS schedule,
               CASE WHEN u.r_exp < 0.15 THEN 'none' WHEN u.r_exp < 0.55 THEN '1_3' WHEN u.r_exp < 0.90 THEN '3_6'
                    ELSE '6_plus' END AS experience,
               CASE WHEN u.r_edu < 0.50 THEN 'any' WHEN u.r_edu < 0.60 THEN 'secondary' WHEN u.r_edu < 0.75 THEN 'vocational'
                    ELSE 'higher' END AS education,
               CASE WHEN u.r_city < 0.9 THEN (:'city_ids'::int[])[1 + floor(u.r_city / 0.9 * cardinality(:'city_ids'::int[]))::int] END
                 AS city_id,
               CASE WHEN u.r_status < 0.85 THEN 'published' WHEN u.r_status < 0.95 THEN 'archived' ELSE 'draft' END AS status,
               CASE WHEN u.r_status < 0.85 THEN :'started'::timestamptz - interval '30 days' * u.r_age
                    WHEN u.r_status < 0.95 THEN :'started'::timestamptz - interval '30 days' - interval '370 days' * u.r_age
               END AS published_at,
               :'started'::timestamptz - interval '60 days' * u.r_age AS created
          FROM (SELECT n, random() AS r_cat, random() AS r_spec, random() AS r_salary, random() AS r_from,
                       random() AS r_open, random() AS r_emp, random() AS r_sch, random() AS r_exp, random() AS r_edu,
                       random() AS r_city, random() AS r_status, random() AS r_age, floor(random() * 5)::int AS skill_count,
                       CASE WHEN random() < 0.65 THEN 'ru' ELSE 'en' END AS lang,
                       1 + ((n * 7919) % :companies) AS company_no,
                       (ARRAY['RUB', 'RUB', 'RUB', 'RUB', 'RUB', 'RUB', 'RUB', 'RUB', 'RUB', 'RUB', 'RUB', 'RUB',
                              'RUB', 'RUB', 'RUB', 'RUB', 'USD', 'USD', 'KZT', 'EUR'])[1 + floor(random() * 20)::int] AS cur,
                       (40000 + floor(random() * 260000))::bigint * 100 AS rub_amount
                  FROM generate_series(1, :vacancies) n OFFSET 0) u
          JOIN bench_gen.categories cat ON u.r_cat < cat.upto AND u.r_cat >= cat.upto - cat.share
          JOIN bench_gen.words w ON w.lang = u.lang
      ) v
      JOIN companies.companies c ON c.id = :company_base + v.company_no
      JOIN catalog.currencies cur ON cur.code = v.cur
  ) g;

-- The salary was drawn in roubles: in another currency it is the same money (amount / rate), so the salary filter
-- and sort mix currencies as real vacancies do.
UPDATE vacancies.vacancies v
   SET salary_from = round(v.salary_from / c.rate_to_rub)::bigint,
       salary_to = round(v.salary_to / c.rate_to_rub)::bigint,
       salary_base = round(COALESCE(round(v.salary_to / c.rate_to_rub), round(v.salary_from / c.rate_to_rub))
                           * c.rate_to_rub)::bigint
  FROM catalog.currencies c
 WHERE c.code = v.salary_currency AND v.salary_currency <> 'RUB';
\timing off

\echo vacancies_data.sql: indexes
DO $$
DECLARE r record; t timestamptz;
BEGIN
  FOR r IN SELECT name, definition FROM bench_gen.saved_indexes ORDER BY name LOOP
    t := clock_timestamp();
    EXECUTE r.definition;
    RAISE WARNING 'vacancies_data.sql: index % built in % s', r.name,
      round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  END LOOP;
END $$;

SELECT setval(pg_get_serial_sequence('identity.users', 'id'), (SELECT max(id) FROM identity.users));
SELECT setval(pg_get_serial_sequence('companies.companies', 'id'), (SELECT max(id) FROM companies.companies));

DROP SCHEMA bench_gen CASCADE;
SELECT (SELECT count(*) FROM companies.companies) AS companies, (SELECT count(*) FROM vacancies.vacancies) AS vacancies,
       (SELECT count(*) FROM vacancies.vacancies WHERE status = 'published') AS published,
       (SELECT count(*) FROM vacancies.search_lexemes) AS lexemes,
       round(extract(epoch FROM clock_timestamp() - :'started'::timestamptz)) AS seconds;
