-- Benchmark data for the freelancer catalogue: performers with profiles and portfolios generated inside
-- PostgreSQL (INSERT ... SELECT generate_series; no row goes through the client). psql script, one transaction
-- (psql -1), deterministic for a given seed:
--   psql -X -1 -v ON_ERROR_STOP=1 -v performers=100000 -v projects=1000000 -f benchmarks/freelancers_data.sql
-- followed by `VACUUM (ANALYZE) identity.users, profiles.freelancers, profiles.portfolio_projects,
-- profiles.portfolio_images` outside the transaction (run.sh does). Defaults: 100 000 performers, 1 000 000
-- portfolio projects, seed 0.42. Generates into a database whose profiles are empty (after Artel migrated it).
--
-- What the data looks like (docs/performance.md, "Freelancer catalogue"):
--   users        one per performer, 70 % ru / 30 % en names (the same lists as orders_data.sql).
--   freelancers  90 % listed (a main specialization), 10 % with an unfinished profile; the main category by
--                the orders' shares (development 30 % … photo 4 %), 40 % with a second specialization (a third of
--                those in another category); 0–14 skills of the category; 80 % with a country (Russia 60 %), half
--                of those with a city; 80 % with an hourly rate in one of the catalog's currencies, the rouble
--                equivalent log-uniform-ish 300–10 000 ₽ (rate_base = amount × rate_to_rub); 75 % open to work;
--                55 % with reviews (exponential count, mean 8; ratings skewed to 4–5), completed orders ≥
--                reviews; active within the last 180 days (skewed to recent); headlines and about texts in the
--                performer's language from per-category titles and a Zipf-like vocabulary, so the full-text
--                search has realistic selectivity; the search vector as the profile code writes it (name A,
--                headline and skills B, about C).
--   portfolio    exactly :projects projects: per performer an exponential count (30 % of listed performers and
--                every unlisted one have none), names from the category's tasks, one cover image each;
--                project_count of every performer equals its number of projects (checked at the end).
--
-- Secondary indexes of the three tables are dropped for the load and built again afterwards from their own
-- definitions (pg_get_indexdef), so migrations stay the only source of the schema. Triggers (foreign keys and
-- the search lexicon's) are skipped during the load (session_replication_role = replica): the lexicon is filled
-- here and the references are verified with one anti-join each at the end.

\set ON_ERROR_STOP on
\if :{?performers}
\else
  \set performers 100000
\endif
\if :{?projects}
\else
  \set projects 1000000
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
  IF EXISTS (SELECT 1 FROM profiles.freelancers) OR EXISTS (SELECT 1 FROM profiles.portfolio_projects) THEN
    RAISE EXCEPTION 'freelancers_data.sql: profiles are not empty; generate into a fresh database';
  END IF;
END $$;

SELECT COALESCE(max(id), 0) AS user_base, now() AS started FROM identity.users \gset
SELECT COALESCE(max(id), 0) AS project_base FROM profiles.portfolio_projects \gset
\echo freelancers_data.sql: :performers performers, :projects projects (seed :seed), user ids after :user_base

CREATE SCHEMA bench_fl;

CREATE TABLE bench_fl.words (
  lang text PRIMARY KEY, first_names text[], last_names text[], openings text[], sentences text[], vocab text[]
);
ALTER TABLE bench_fl.words
  ALTER first_names SET STORAGE PLAIN, ALTER last_names SET STORAGE PLAIN, ALTER openings SET STORAGE PLAIN,
  ALTER sentences SET STORAGE PLAIN, ALTER vocab SET STORAGE PLAIN;
INSERT INTO bench_fl.words VALUES
('ru',
 ARRAY['Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Иван', 'Михаил', 'Никита', 'Егор',
       'Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Екатерина', 'Татьяна', 'Ирина', 'Светлана', 'Юлия',
       'Артём', 'Кирилл', 'Павел', 'Роман', 'Дарья', 'Алина', 'Полина', 'Ксения', 'Виктория', 'Софья'],
 ARRAY['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков',
       'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов', 'Степанов',
       'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв', 'Борисов', 'Яковлев',
       'Григорьев'],
 ARRAY['Здравствуйте!', 'Привет!', 'Добрый день.', 'Меня зовут так, как написано выше.', 'Работаю на фрилансе.'],
 ARRAY['Опыт работы больше пяти лет.', 'Работаю по договору, предоставляю закрывающие документы.',
       'Всегда на связи в рабочее время.', 'Соблюдаю сроки и договорённости.', 'Берусь за срочные задачи.',
       'Сделаю под ключ: от идеи до запуска.', 'Примеры работ смотрите в портфолио.',
       'Работал с крупными и небольшими компаниями.', 'Поддерживаю проекты после сдачи.',
       'Предпочитаю долгосрочное сотрудничество.', 'Оплата поэтапно.', 'Помогу составить техническое задание.'],
 ARRAY['проект', 'задача', 'клиент', 'сайт', 'дизайн', 'текст', 'срок', 'качество', 'опыт', 'результат',
       'компания', 'продукт', 'система', 'страница', 'услуга', 'команда', 'аудит', 'анализ', 'поддержка',
       'интеграция', 'оптимизация', 'стратегия', 'контент', 'бренд', 'реклама', 'продажи', 'аналитика', 'платформа',
       'приложение', 'сервер', 'база', 'данные', 'каталог', 'оплата', 'доставка', 'договор', 'презентация',
       'баннер', 'видеоролик', 'фотография', 'перевод', 'статья', 'маркетплейс', 'лендинг', 'логотип',
       'иллюстрация', 'упаковка', 'кофейня', 'пекарня', 'салон', 'стоматология', 'ресторан', 'магазин', 'школа',
       'анимация', 'монтаж', 'озвучка', 'сценарий', 'чертёж', 'смета', 'схема', 'прошивка', 'нейросеть', 'парсер',
       'бот', 'скрипт', 'таблица', 'миграция', 'безопасность', 'хостинг', 'тестирование', 'бухгалтерия', 'юрист']),
('en',
 ARRAY['James', 'John', 'Robert', 'Michael', 'David', 'William', 'Richard', 'Thomas', 'Daniel', 'Matthew',
       'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Susan', 'Jessica', 'Sarah', 'Karen', 'Emily',
       'Anna', 'Olivia', 'Emma', 'Sophia', 'Liam', 'Noah', 'Lucas', 'Mia', 'Ava', 'Ethan'],
 ARRAY['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor',
       'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young',
       'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill'],
 ARRAY['Hello!', 'Hi there.', 'Welcome to my profile.', 'Freelancer for years.', 'Nice to meet you.'],
 ARRAY['More than five years of experience.', 'I work under contract and provide all documents.',
       'Available during business hours.', 'I meet deadlines.', 'Urgent tasks are welcome.',
       'Turnkey work from idea to launch.', 'See my portfolio for examples.',
       'I have worked with large companies and small businesses.', 'Support after delivery.',
       'I prefer long-term cooperation.', 'Payment in milestones.', 'I can help you write the specification.'],
 ARRAY['project', 'task', 'client', 'website', 'design', 'text', 'deadline', 'quality', 'experience', 'result',
       'company', 'product', 'system', 'page', 'service', 'team', 'audit', 'analysis', 'support', 'integration',
       'optimization', 'strategy', 'content', 'brand', 'advertising', 'sales', 'analytics', 'platform',
       'application', 'server', 'database', 'data', 'catalog', 'payment', 'delivery', 'contract', 'presentation',
       'banner', 'video', 'photo', 'translation', 'article', 'marketplace', 'landing', 'logo', 'illustration',
       'packaging', 'coffee', 'bakery', 'salon', 'dental', 'restaurant', 'store', 'school', 'animation', 'editing',
       'voiceover', 'script', 'drawing', 'estimate', 'circuit', 'firmware', 'neural', 'scraper', 'bot',
       'automation', 'spreadsheet', 'migration', 'security', 'hosting', 'testing', 'bookkeeping', 'lawyer']);

-- Per category: share, job titles (headlines) and project names per language, skills.
CREATE TABLE bench_fl.categories (
  id int PRIMARY KEY, share float8, upto float8, titles_ru text[], titles_en text[], tasks_ru text[],
  tasks_en text[], skills int[], specs int[]
);
INSERT INTO bench_fl.categories (id, share, titles_ru, titles_en, tasks_ru, tasks_en, skills) VALUES
 (1, 0.30,
  ARRAY['Веб-разработчик', 'Backend-разработчик на Python', 'Frontend-разработчик на React', 'Разработчик мобильных приложений',
        'Программист 1С', 'Разработчик Telegram-ботов', 'Fullstack-разработчик', 'DevOps-инженер', 'Разработчик игр на Unity'],
  ARRAY['Web developer', 'Python backend developer', 'React frontend developer', 'Mobile app developer',
        '1C programmer', 'Telegram bot developer', 'Fullstack developer', 'DevOps engineer', 'Unity game developer'],
  ARRAY['Интернет-магазин', 'Мобильное приложение', 'Telegram-бот', 'Парсер', 'Лендинг', 'CRM-система',
        'Интеграция с 1С', 'REST API', 'Личный кабинет', 'Игра на Unity'],
  ARRAY['Online store', 'Mobile app', 'Telegram bot', 'Web scraper', 'Landing page', 'CRM system',
        '1C integration', 'REST API', 'Customer dashboard', 'Unity game'],
  ARRAY[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20]),
 (2, 0.18,
  ARRAY['Дизайнер логотипов', 'Графический дизайнер', 'UI/UX-дизайнер', 'Иллюстратор', '3D-дизайнер',
        'Дизайнер интерьеров', 'Дизайнер упаковки'],
  ARRAY['Logo designer', 'Graphic designer', 'UI/UX designer', 'Illustrator', '3D designer', 'Interior designer',
        'Packaging designer'],
  ARRAY['Логотип', 'Фирменный стиль', 'Дизайн сайта', 'Иллюстрации', 'Упаковка', 'Визитки', '3D-модель',
        'Дизайн интерьера', 'Иконки'],
  ARRAY['Logo', 'Brand identity', 'Website design', 'Illustrations', 'Packaging', 'Business cards', '3D model',
        'Interior design', 'Icon set'],
  ARRAY[21, 22, 23, 24, 25, 19, 18]),
 (3, 0.14,
  ARRAY['Копирайтер', 'Переводчик с английского', 'Технический переводчик', 'Редактор и корректор', 'Сценарист'],
  ARRAY['Copywriter', 'English translator', 'Technical translator', 'Editor and proofreader', 'Scriptwriter'],
  ARRAY['Тексты для сайта', 'Перевод документации', 'Статьи для блога', 'Описания товаров', 'Сценарий ролика'],
  ARRAY['Website copy', 'Documentation translation', 'Blog articles', 'Product descriptions', 'Video script'],
  ARRAY[31, 32, 33, 34]),
 (4, 0.12,
  ARRAY['SEO-специалист', 'Таргетолог', 'Специалист по контекстной рекламе', 'SMM-менеджер', 'Маркетолог'],
  ARRAY['SEO specialist', 'Targeting specialist', 'PPC specialist', 'SMM manager', 'Marketer'],
  ARRAY['SEO-продвижение', 'Настройка Яндекс Директ', 'Ведение соцсетей', 'Email-рассылка', 'Продвижение на Wildberries'],
  ARRAY['SEO promotion', 'Yandex Direct setup', 'Social media', 'Email campaign', 'Wildberries promotion'],
  ARRAY[35, 36, 37, 38, 42, 18, 19, 39]),
 (5, 0.08,
  ARRAY['Видеомонтажёр', 'Моушн-дизайнер', 'Диктор', 'Звукорежиссёр', 'Аниматор'],
  ARRAY['Video editor', 'Motion designer', 'Voice-over artist', 'Sound engineer', 'Animator'],
  ARRAY['Монтаж видео', 'Моушн-дизайн', 'Озвучка ролика', 'Анимированный логотип', 'Видео для YouTube'],
  ARRAY['Video editing', 'Motion design', 'Voice-over', 'Animated logo', 'YouTube video'],
  ARRAY[28, 29, 30]),
 (6, 0.07,
  ARRAY['Инженер-конструктор', 'Архитектор', 'Инженер-электрик', 'Схемотехник', 'Сметчик'],
  ARRAY['Design engineer', 'Architect', 'Electrical engineer', 'Circuit designer', 'Cost estimator'],
  ARRAY['Чертежи в AutoCAD', 'Проект дома', 'Схема электроснабжения', 'Печатная плата', 'Смета на ремонт'],
  ARRAY['AutoCAD drawings', 'House design', 'Power supply circuit', 'PCB layout', 'Renovation estimate'],
  ARRAY[26, 27, 24, 25]),
 (7, 0.04,
  ARRAY['Фотограф', 'Ретушёр', 'Предметный фотограф'],
  ARRAY['Photographer', 'Retoucher', 'Product photographer'],
  ARRAY['Ретушь фотографий', 'Предметная съёмка', 'Фотосессия', 'Фото для каталога'],
  ARRAY['Photo retouching', 'Product photography', 'Photo shoot', 'Catalog photos'],
  ARRAY[22]),
 (8, 0.07,
  ARRAY['Бухгалтер', 'Юрист', 'Рекрутер', 'Бизнес-аналитик', 'Виртуальный ассистент'],
  ARRAY['Accountant', 'Lawyer', 'Recruiter', 'Business analyst', 'Virtual assistant'],
  ARRAY['Ведение бухгалтерии', 'Договор поставки', 'Подбор персонала', 'Бизнес-план', 'Финансовая модель'],
  ARRAY['Bookkeeping', 'Supply contract', 'Recruiting', 'Business plan', 'Financial model'],
  ARRAY[39, 40, 41]);
UPDATE bench_fl.categories c
   SET upto = s.upto, specs = (SELECT array_agg(id ORDER BY id) FROM catalog.specializations WHERE category_id = c.id)
  FROM (SELECT id, sum(share) OVER (ORDER BY id) / sum(share) OVER () AS upto FROM bench_fl.categories) s
 WHERE s.id = c.id;

CREATE TABLE bench_fl.currencies (code char(3) PRIMARY KEY, share float8, upto float8, rate numeric);
INSERT INTO bench_fl.currencies (code, share, rate)
SELECT c.code, s.share, c.rate_to_rub
  FROM (VALUES ('RUB', 0.70), ('USD', 0.12), ('EUR', 0.05), ('KZT', 0.07), ('BYN', 0.03), ('UZS', 0.03)) s (code, share)
  JOIN catalog.currencies c ON c.code = s.code;
UPDATE bench_fl.currencies c SET upto = s.upto
  FROM (SELECT code, sum(share) OVER (ORDER BY code) / sum(share) OVER () AS upto FROM bench_fl.currencies) s
 WHERE s.code = c.code;

CREATE TABLE bench_fl.countries (id int PRIMARY KEY, share float8, upto float8, cities int[]);
INSERT INTO bench_fl.countries (id, share, cities)
SELECT c.id, CASE c.code WHEN 'RU' THEN 0.60 WHEN 'KZ' THEN 0.12 WHEN 'BY' THEN 0.08 WHEN 'UZ' THEN 0.06
                         WHEN 'UA' THEN 0.05 ELSE 0.015 END,
       (SELECT array_agg(ci.id ORDER BY ci.position) FROM catalog.cities ci WHERE ci.country_id = c.id)
  FROM catalog.countries c;
UPDATE bench_fl.countries c SET upto = s.upto
  FROM (SELECT id, sum(share) OVER (ORDER BY id) / sum(share) OVER () AS upto FROM bench_fl.countries) s
 WHERE s.id = c.id;

CREATE FUNCTION bench_fl.pick(a anyarray, skew float8 DEFAULT 1) RETURNS anyelement
  LANGUAGE sql VOLATILE PARALLEL UNSAFE
  AS $$ SELECT a[1 + floor(power(random(), skew) * cardinality(a))::int] $$;
CREATE FUNCTION bench_fl.round2(x float8) RETURNS bigint
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT greatest(1, (round(x / power(10, greatest(floor(log(x)) - 1, 0))) * power(10, greatest(floor(log(x)) - 1, 0)))::bigint) $$;
CREATE FUNCTION bench_fl.lang(n bigint) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT CASE WHEN n % 10 < 7 THEN 'ru' ELSE 'en' END $$;

CREATE TABLE bench_fl.saved_indexes AS
SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
  FROM pg_index i
 WHERE i.indrelid IN ('profiles.freelancers'::regclass, 'profiles.portfolio_projects'::regclass,
                      'profiles.portfolio_images'::regclass)
   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT name FROM bench_fl.saved_indexes LOOP EXECUTE 'DROP INDEX ' || r.name; END LOOP;
END $$;

\echo freelancers_data.sql: users
\timing on
INSERT INTO identity.users (id, email, email_verified_at, password_hash, name, lastname, role, lang, created_at,
                            updated_at, intent)
OVERRIDING SYSTEM VALUE
SELECT :user_base + n, 'performer' || n || '@bench.artel.local', created,
       '$argon2id$v=19$m=19456,t=2,p=1$'
         || rtrim(encode(substr(sha256(convert_to('salt' || n, 'UTF8')), 1, 16), 'base64'), '=') || '$'
         || rtrim(encode(sha256(convert_to('hash' || n, 'UTF8')), 'base64'), '='),
       bench_fl.pick(w.first_names), bench_fl.pick(w.last_names), 0, w.lang, created, created, 'performer'
  FROM (SELECT n, :'started'::timestamptz - interval '3 years' * random() AS created
          FROM generate_series(1, :performers) n OFFSET 0) u
  JOIN bench_fl.words w ON w.lang = bench_fl.lang(u.n);

-- Projects per performer: floor of an exponential with mean mu has mean 1 / (e^(1/mu) - 1); 70 % of the listed
-- performers (90 %) have projects, so the mean among them is :projects / (0.63 × :performers).
SELECT 1 / ln(1 + (0.63 * :performers) / :projects::float8) AS project_mu \gset

\echo freelancers_data.sql: profiles
INSERT INTO profiles.freelancers (user_id, slug, headline, about, specialization_ids, main_specialization_id,
  category_ids, skill_ids, country_id, city_id, rate_amount, rate_currency, rate_base, available, project_count,
  rating_sum, review_count, completed_orders, repeat_customers, search, active_at, created_at, updated_at)
SELECT p.user_id, p.slug, p.headline, p.about, p.specs, p.specs[1], p.categories, p.skills, p.country_id, p.city_id,
       p.rate_amount, p.rate_currency, p.rate_base, p.available, p.project_count, p.rating_sum, p.review_count,
       p.review_count + floor(p.review_count * 0.3 * p.r_done)::int, floor(p.review_count * 0.2 * p.r_repeat)::int,
       setweight(to_tsvector('russian', u.name || ' ' || u.lastname), 'A')
         || setweight(to_tsvector('russian', p.headline || ' ' || COALESCE(
              (SELECT string_agg(k.name_en || ' ' || k.name_ru, ' ') FROM catalog.skills k WHERE k.id = ANY (p.skills)),
              '')), 'B')
         || setweight(to_tsvector('russian', p.about), 'C'),
       p.active_at, u.created_at, p.active_at
  FROM (
    SELECT q.*,
           CASE WHEN q.listed THEN
             CASE WHEN q.r_second < 0.27 THEN ARRAY[q.main_spec, bench_fl.pick(q.same_specs)]
                  WHEN q.r_second < 0.40 THEN ARRAY[q.main_spec, bench_fl.pick(c2.specs)]
                  ELSE ARRAY[q.main_spec] END
           ELSE '{}'::int[] END AS specs0
      FROM (
        SELECT o.*, c.specs AS same_specs, c.skills AS cat_skills, bench_fl.pick(c.specs) AS main_spec,
               (CASE w.lang WHEN 'ru' THEN c.titles_ru ELSE c.titles_en END) AS titles,
               w.lang, w.openings, w.sentences, w.vocab
          FROM (SELECT n, :user_base + n AS user_id, random() AS r_cat, random() AS r_cat2, random() AS r_second,
                       random() < 0.9 AS listed, random() AS r_country, random() AS r_country2, random() AS r_city,
                       random() AS r_rate, random() AS r_rate2, random() AS r_currency, random() AS r_avail,
                       random() AS r_reviews, random() AS r_rating, random() AS r_projects, random() AS r_has_projects,
                       random() AS r_done, random() AS r_repeat, random() AS r_slug,
                       :'started'::timestamptz - interval '180 days' * power(random(), 3) AS active_at
                  FROM generate_series(1, :performers) n OFFSET 0) o
          JOIN bench_fl.words w ON w.lang = bench_fl.lang(o.n)
          CROSS JOIN LATERAL (SELECT * FROM bench_fl.categories c WHERE c.upto >= o.r_cat ORDER BY c.upto LIMIT 1) c
        OFFSET 0) q
      CROSS JOIN LATERAL (SELECT * FROM bench_fl.categories c WHERE c.upto >= q.r_cat2 ORDER BY c.upto LIMIT 1) c2
    OFFSET 0) q2
  CROSS JOIN LATERAL (
    SELECT q2.user_id,
           CASE WHEN q2.r_slug < 0.05 THEN 'fl-' || q2.n END AS slug,
           left(bench_fl.pick(q2.titles) || CASE WHEN q2.lang = 'ru' THEN ', ' ELSE ', ' END
                || bench_fl.pick(q2.vocab, 2) || ' ' || bench_fl.pick(q2.vocab, 2), 120) AS headline,
           bench_fl.pick(q2.openings) || ' ' || bench_fl.pick(q2.sentences) || ' ' || bench_fl.pick(q2.sentences) || ' '
             || (SELECT string_agg(q2.vocab[i * 0 + 1 + floor(power(random(), 2.5) * cardinality(q2.vocab))::int], ' ')
                   FROM generate_series(1, 10 + (q2.n % 23)::int) i) || '.' AS about,
           ARRAY(SELECT DISTINCT s FROM unnest(q2.specs0) s) AS specs_distinct,
           q2.specs0 AS specs_raw,
           ARRAY(SELECT DISTINCT bench_fl.pick(q2.cat_skills) FROM generate_series(1, (q2.n % 15)::int)) AS skills,
           country.id AS country_id,
           CASE WHEN country.id IS NOT NULL AND q2.r_city < 0.5 THEN bench_fl.pick(country.cities) END AS city_id,
           rate.amount AS rate_amount, rate.code AS rate_currency, rate.base AS rate_base,
           q2.r_avail < 0.75 AS available,
           CASE WHEN q2.listed AND q2.r_has_projects < 0.7
                THEN floor(-ln(1 - q2.r_projects) * :project_mu)::int ELSE 0 END AS project_count,
           reviews.n AS review_count,
           -- Mean ratings mostly 4–5: each review 5 with p, 4 with the rest, a few lower.
           CASE WHEN reviews.n = 0 THEN 0
                ELSE greatest(reviews.n, least(5 * reviews.n,
                       round(reviews.n * (5 - 2.2 * power(q2.r_rating, 2)))::int)) END AS rating_sum,
           q2.r_done, q2.r_repeat, q2.active_at
      FROM (SELECT CASE WHEN q2.r_reviews < 0.55 THEN 1 + floor(-ln(1 - random()) * 7)::int ELSE 0 END AS n) reviews
      LEFT JOIN LATERAL (
        SELECT * FROM bench_fl.countries k WHERE q2.r_country < 0.8 AND k.upto >= q2.r_country2 ORDER BY k.upto LIMIT 1
      ) country ON true
      LEFT JOIN LATERAL (
        -- The rouble equivalent 300–10 000 ₽ an hour, written in the rate's currency with two significant digits.
        SELECT m.code, m.amount, round(m.amount * m.rate)::bigint AS base
          FROM (SELECT k.code, k.rate,
                       100 * bench_fl.round2(exp(ln(300) + ln(33) * power(q2.r_rate2, 1.4)) / k.rate::float8) AS amount
                  FROM bench_fl.currencies k
                 WHERE q2.r_rate < 0.8 AND k.upto >= q2.r_currency ORDER BY k.upto LIMIT 1) m
      ) rate ON true
  ) pp
  CROSS JOIN LATERAL (
    SELECT pp.*,
           -- The main specialization first, then the others (distinct).
           CASE WHEN cardinality(pp.specs_raw) = 0 THEN '{}'::int[]
                ELSE ARRAY[pp.specs_raw[1]] || ARRAY(SELECT s FROM unnest(pp.specs_distinct) s WHERE s <> pp.specs_raw[1])
           END AS specs,
           COALESCE((SELECT array_agg(DISTINCT s.category_id ORDER BY s.category_id) FROM catalog.specializations s
                      WHERE s.id = ANY (pp.specs_raw)), '{}') AS categories
  ) p
  JOIN identity.users u ON u.id = p.user_id;

-- Exactly :projects projects: the rounding of the draws is spread over random performers that have some.
SELECT :projects - sum(project_count) AS project_diff FROM profiles.freelancers \gset
\echo freelancers_data.sql: adjusting project counts by :project_diff
UPDATE profiles.freelancers SET project_count = project_count + sign(:project_diff)::int
 WHERE user_id IN (SELECT user_id FROM profiles.freelancers
                    WHERE main_specialization_id IS NOT NULL AND project_count > 1
                    ORDER BY random() LIMIT abs(:project_diff));

\echo freelancers_data.sql: portfolio projects
INSERT INTO profiles.portfolio_projects (id, user_id, group_id, name, description, tools, link, priority, created_at,
                                         updated_at)
OVERRIDING SYSTEM VALUE
SELECT :project_base + row_number() OVER (ORDER BY f.user_id, j), f.user_id, NULL,
       bench_fl.pick(CASE w.lang WHEN 'ru' THEN c.tasks_ru ELSE c.tasks_en END, 1.5)
         || CASE WHEN random() < 0.4 THEN ' ' || bench_fl.pick(w.vocab, 2) ELSE '' END,
       bench_fl.pick(w.sentences), '{}', NULL, j, f.created_at, f.created_at
  FROM profiles.freelancers f
  JOIN identity.users u ON u.id = f.user_id
  JOIN bench_fl.words w ON w.lang = u.lang
  JOIN catalog.specializations s ON s.id = f.main_specialization_id
  JOIN bench_fl.categories c ON c.id = s.category_id
  CROSS JOIN LATERAL generate_series(0, f.project_count - 1) j
 WHERE f.project_count > 0;

\echo freelancers_data.sql: cover images
INSERT INTO profiles.portfolio_images (project_id, file_name, thumbnail_name, width, height, position, is_cover)
SELECT p.id, 'bench-' || p.id || '.webp', 'bench-' || p.id || '-thumb.webp', 1200, 900, 0, true
  FROM profiles.portfolio_projects p
 WHERE p.id > :project_base;

\echo freelancers_data.sql: indexes
DO $$
DECLARE r record; t timestamptz;
BEGIN
  FOR r IN SELECT name, definition FROM bench_fl.saved_indexes ORDER BY name LOOP
    t := clock_timestamp();
    EXECUTE r.definition;
    RAISE WARNING 'freelancers_data.sql: index % built in % s', r.name,
      round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  END LOOP;
END $$;

\echo freelancers_data.sql: search lexemes
-- Listed performers' words only, as the trigger (db/migrations/profiles/0043_public_lexicon.sql).
INSERT INTO profiles.search_lexemes (lexeme)
SELECT DISTINCT w.lexeme
FROM profiles.freelancers f CROSS JOIN LATERAL unnest(tsvector_to_array(f.search)) w (lexeme)
WHERE f.main_specialization_id IS NOT NULL AND platform.lexicon_word(w.lexeme)
ON CONFLICT DO NOTHING;

SELECT setval(pg_get_serial_sequence('identity.users', 'id'), (SELECT max(id) FROM identity.users));
SELECT setval(pg_get_serial_sequence('profiles.portfolio_projects', 'id'),
              (SELECT max(id) FROM profiles.portfolio_projects));

\echo freelancers_data.sql: checks (foreign keys and constraints skipped during the load, project_count)
SET session_replication_role = origin;
DO $$
DECLARE bad bigint;
BEGIN
  SELECT count(*) INTO bad FROM profiles.freelancers f
   WHERE NOT EXISTS (SELECT 1 FROM identity.users u WHERE u.id = f.user_id)
      OR (f.main_specialization_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM catalog.specializations s WHERE s.id = f.main_specialization_id))
      OR (f.rate_currency IS NOT NULL AND NOT EXISTS (SELECT 1 FROM catalog.currencies c WHERE c.code = f.rate_currency))
      OR (f.country_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM catalog.countries c WHERE c.id = f.country_id))
      OR (f.city_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM catalog.cities c
                                                 WHERE c.id = f.city_id AND c.country_id = f.country_id))
      OR NOT (f.skill_ids <@ (SELECT array_agg(id) FROM catalog.skills))
      OR NOT (f.main_specialization_id IS NULL OR f.main_specialization_id = f.specialization_ids[1])
      OR f.project_count < 0;
  IF bad > 0 THEN RAISE EXCEPTION 'freelancers_data.sql: % profiles with a dangling reference', bad; END IF;
  SELECT count(*) INTO bad FROM profiles.freelancers f
    LEFT JOIN (SELECT user_id, count(*) AS n FROM profiles.portfolio_projects GROUP BY user_id) p
      ON p.user_id = f.user_id
   WHERE f.project_count <> COALESCE(p.n, 0);
  IF bad > 0 THEN RAISE EXCEPTION 'freelancers_data.sql: % profiles whose project_count is not their projects', bad; END IF;
END $$;

DROP SCHEMA bench_fl CASCADE;
\timing off
SELECT (SELECT count(*) FROM profiles.freelancers) AS performers,
       (SELECT count(*) FROM profiles.freelancers WHERE main_specialization_id IS NOT NULL) AS listed,
       (SELECT count(*) FROM profiles.portfolio_projects) AS projects,
       (SELECT count(*) FROM profiles.portfolio_images) AS images,
       round(extract(epoch FROM clock_timestamp() - :'started'::timestamptz)) AS seconds;
