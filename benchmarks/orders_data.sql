-- Benchmark data for the order list: users, orders and bids generated inside PostgreSQL (INSERT ... SELECT
-- generate_series; no row goes through the client). psql script, one transaction (psql -1), deterministic for a
-- given seed:
--   psql -X -1 -v ON_ERROR_STOP=1 -v users=100000 -v orders=1000000 -v bids=3000000 -f benchmarks/orders_data.sql
-- followed by `VACUUM (ANALYZE) identity.users, orders.orders, bids.bids` outside the transaction (run.sh does).
-- Defaults: 100 000 users, 1 000 000 orders, 3 000 000 bids, seed 0.42.
--
-- What the data looks like (docs/performance.md, "Order list"):
--   users    40 % customers (a few post many orders), 60 % performers; ru/en; a valid-looking argon2id PHC string
--            that is the hash of no known password (nobody logs in as them).
--   orders   created over the last 365 days, ids in date order; 90 % `search` and public, 2 % personal (waiting for
--            the invited performer), 4 % closed, 2 % in progress, 2 % completed; category, specialization,
--            skills, country, city and currency ids from db/migrations/catalog/0005_catalog.sql; 75 % with a budget in
--            one of the catalog's currencies (budget_base = amount × rate_to_rub), 25 % by agreement; deadlines
--            30 % by agreement, 3 % passed, the rest 0–180 days ahead; names and descriptions 65 % Russian,
--            35 % English, built from the word lists below, so full-text and trigram searches have realistic
--            selectivity (category words in ~1–10 % of orders, the long tail much rarer).
--   bids     per order an exponential count with the requested mean (exactly :bids in total), one per performer
--            and order; orders in progress or completed have their selected final bid.
--   bid_count of every order equals its number of bids (checked at the end, like every foreign key).
--
-- Secondary indexes of orders and bids (not those of constraints) are dropped for the load and built again
-- afterwards from their own definitions (pg_get_indexdef), so migrations stay the only source of the schema.
-- Foreign-key triggers are skipped during the load (session_replication_role = replica) and the references are
-- verified with one anti-join each at the end instead.

\set ON_ERROR_STOP on
\if :{?users}
\else
  \set users 100000
\endif
\if :{?orders}
\else
  \set orders 1000000
\endif
\if :{?bids}
\else
  \set bids 3000000
\endif
\if :{?seed}
\else
  \set seed 0.42
\endif

SET client_min_messages = warning;
SET maintenance_work_mem = '512MB';
SET work_mem = '64MB';
-- Compiling these one-off expressions costs more than it saves.
SET jit = off;
SET session_replication_role = replica;
SELECT setseed(:seed);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM orders.orders) OR EXISTS (SELECT 1 FROM bids.bids) THEN
    RAISE EXCEPTION 'orders_data.sql: orders or bids are not empty; generate into a fresh database';
  END IF;
END $$;

SELECT COALESCE(max(id), 0) AS user_base, now() AS started FROM identity.users \gset
\echo orders_data.sql: :users users, :orders orders, :bids bids (seed :seed), user ids after :user_base

CREATE SCHEMA bench_gen;

-- Per language: verbs for names, openings and sentences for descriptions, a general vocabulary (Zipf-like use),
-- businesses ("для кофейни"), people's names, bid comments.
CREATE TABLE bench_gen.words (
  lang text PRIMARY KEY,
  verbs text[], qualifiers text[], businesses text[], openings text[], sentences text[], vocab text[],
  first_names text[], last_names text[], comments text[]
);
-- Uncompressed and in line: the lists are read per row (a compressed array is decompressed on every access).
ALTER TABLE bench_gen.words
  ALTER verbs SET STORAGE PLAIN, ALTER qualifiers SET STORAGE PLAIN, ALTER businesses SET STORAGE PLAIN,
  ALTER openings SET STORAGE PLAIN, ALTER sentences SET STORAGE PLAIN, ALTER vocab SET STORAGE PLAIN,
  ALTER first_names SET STORAGE PLAIN, ALTER last_names SET STORAGE PLAIN, ALTER comments SET STORAGE PLAIN;
INSERT INTO bench_gen.words VALUES
('ru',
 ARRAY['Разработать', 'Сделать', 'Нужно сделать', 'Требуется сделать', 'Создать', 'Доработать', 'Исправить',
       'Обновить', 'Настроить', 'Подготовить', 'Ищу исполнителя: сделать', 'Заказать'],
 ARRAY['под ключ', 'срочно', 'в короткие сроки', 'с нуля', 'по ТЗ', 'по готовому макету', 'на долгосрочное сотрудничество',
       'для стартапа', 'недорого', 'с гарантией', 'для небольшой компании', 'с примерами работ'],
 ARRAY['кофейни', 'интернет-магазина', 'салона красоты', 'стоматологии', 'автосервиса', 'юридической фирмы',
       'школы английского', 'фитнес-клуба', 'строительной компании', 'ресторана', 'цветочного магазина', 'агентства недвижимости',
       'туристического агентства', 'пекарни', 'детского сада', 'логистической компании', 'медицинского центра',
       'мебельной фабрики', 'магазина одежды', 'зоомагазина', 'барбершопа', 'IT-компании', 'онлайн-школы', 'отеля',
       'фермерского хозяйства', 'типографии', 'кондитерской', 'автосалона', 'ювелирного магазина', 'студии йоги'],
 ARRAY['Здравствуйте!', 'Добрый день.', 'Ищем опытного специалиста.', 'Нужна помощь с проектом.',
       'Компания ищет исполнителя.', 'Привет!', 'Есть задача.', 'Ищу фрилансера на проект.'],
 ARRAY['Подробное техническое задание пришлю в личные сообщения.', 'Бюджет обсуждаем, готовы платить за качество.',
       'Важно соблюдать сроки и быть на связи.', 'Пришлите примеры похожих работ в отклике.',
       'Предпочтение исполнителям с отзывами.', 'Оплата поэтапно после приёмки каждого этапа.',
       'Есть готовый макет в Figma.', 'Нужно учесть требования по адаптивности для мобильных устройств.',
       'Работа удалённая, созвоны раз в неделю.', 'Возможно долгосрочное сотрудничество.',
       'Исходники передаются заказчику.', 'Текущая версия работает медленно и требует оптимизации.',
       'Сроки сжатые, нужен результат к концу месяца.', 'Интересует фиксированная стоимость.',
       'Готовы рассмотреть студии и команды.', 'Документацию и доступы предоставим.',
       'Требуется знание специфики отрасли.', 'Нужно сопровождение после сдачи проекта.',
       'Материалы и тексты предоставим.', 'Рассмотрим предложения с разной стоимостью.'],
 ARRAY['проект', 'задача', 'работа', 'клиент', 'сайт', 'дизайн', 'текст', 'срок', 'бюджет', 'качество', 'опыт',
       'результат', 'компания', 'продукт', 'система', 'страница', 'услуга', 'заказ', 'команда', 'отчёт', 'аудит',
       'анализ', 'поддержка', 'интеграция', 'оптимизация', 'стратегия', 'контент', 'бренд', 'реклама', 'продажи',
       'аналитика', 'платформа', 'приложение', 'сервер', 'база', 'данные', 'форма', 'каталог', 'корзина', 'оплата',
       'доставка', 'склад', 'учёт', 'договор', 'презентация', 'баннер', 'видеоролик', 'фотография', 'перевод',
       'статья', 'карточка', 'товар', 'маркетплейс', 'лендинг', 'админка', 'личный', 'кабинет', 'уведомление',
       'рассылка', 'подписка', 'тариф', 'воронка', 'конверсия', 'трафик', 'позиция', 'поисковый', 'запрос',
       'ключевой', 'семантика', 'структура', 'прототип', 'макет', 'иконка', 'шрифт', 'палитра', 'стиль',
       'персонаж', 'анимация', 'монтаж', 'озвучка', 'сценарий', 'чертёж', 'смета', 'расчёт', 'схема', 'плата',
       'датчик', 'прошивка', 'микроконтроллер', 'нейросеть', 'модель', 'парсер', 'бот', 'скрипт', 'таблица',
       'выгрузка', 'импорт', 'экспорт', 'миграция', 'резервный', 'копирование', 'безопасность', 'сертификат',
       'домен', 'хостинг', 'почта', 'кэширование', 'производительность', 'тестирование', 'автотест', 'релиз',
       'бухгалтерия', 'налог', 'отчётность', 'юрист', 'претензия', 'вакансия', 'собеседование', 'резюме'],
 ARRAY['Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Иван', 'Михаил', 'Никита', 'Егор',
       'Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Екатерина', 'Татьяна', 'Ирина', 'Светлана', 'Юлия',
       'Артём', 'Кирилл', 'Павел', 'Роман', 'Дарья', 'Алина', 'Полина', 'Ксения', 'Виктория', 'Софья'],
 ARRAY['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков',
       'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов', 'Степанов',
       'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв', 'Борисов', 'Яковлев',
       'Григорьев'],
 ARRAY['Готов взяться за проект, опыт в похожих задачах больше пяти лет.', 'Сделаю качественно и в срок.',
       'Посмотрите портфолио в профиле, там есть похожие работы.', 'Есть вопросы по ТЗ, напишите в личные сообщения.',
       'Могу начать сегодня.', 'Стоимость предварительная, уточню после обсуждения деталей.',
       'Работаю по договору, предоставляю закрывающие документы.', 'Выполню поэтапно, с отчётом по каждому этапу.']),
('en',
 ARRAY['Build', 'Need', 'Looking for', 'Create', 'Develop', 'Fix', 'Update', 'Redesign', 'Set up', 'Write',
       'Improve', 'Hiring for'],
 ARRAY['from scratch', 'urgently', 'on a tight deadline', 'per spec', 'from an existing mockup', 'long-term',
       'for a startup', 'on a budget', 'with support', 'for a small business', 'with portfolio', 'remote'],
 ARRAY['a coffee shop', 'an online store', 'a beauty salon', 'a dental clinic', 'a car service', 'a law firm',
       'a language school', 'a fitness club', 'a construction company', 'a restaurant', 'a flower shop',
       'a real estate agency', 'a travel agency', 'a bakery', 'a kindergarten', 'a logistics company', 'a clinic',
       'a furniture factory', 'a clothing store', 'a pet shop', 'a barbershop', 'an IT company', 'an online school',
       'a hotel', 'a farm', 'a print shop', 'a pastry shop', 'a car dealer', 'a jewelry store', 'a yoga studio'],
 ARRAY['Hello!', 'Hi there.', 'We are looking for an experienced specialist.', 'Need help with a project.',
       'Our company is looking for a freelancer.', 'Hi!', 'Quick task.', 'Looking for a freelancer.'],
 ARRAY['I will send the detailed specification in private messages.', 'Budget is negotiable, we pay for quality.',
       'Meeting deadlines and staying in touch is important.', 'Please include examples of similar work.',
       'Freelancers with reviews are preferred.', 'Payment in milestones after each stage is accepted.',
       'There is a ready mockup in Figma.', 'It must work well on mobile devices.',
       'Remote work, weekly calls.', 'Long-term cooperation is possible.', 'Source files go to the client.',
       'The current version is slow and needs optimization.', 'Tight deadline, results needed by the end of the month.',
       'We prefer a fixed price.', 'Studios and teams are welcome.', 'Documentation and access will be provided.',
       'Industry experience is required.', 'Support after delivery is needed.',
       'We will provide materials and texts.', 'Offers at different prices are welcome.'],
 ARRAY['project', 'task', 'work', 'client', 'website', 'design', 'text', 'deadline', 'budget', 'quality',
       'experience', 'result', 'company', 'product', 'system', 'page', 'service', 'order', 'team', 'report', 'audit',
       'analysis', 'support', 'integration', 'optimization', 'strategy', 'content', 'brand', 'advertising', 'sales',
       'analytics', 'platform', 'application', 'server', 'database', 'data', 'form', 'catalog', 'cart', 'payment',
       'delivery', 'warehouse', 'inventory', 'contract', 'presentation', 'banner', 'video', 'photo', 'translation',
       'article', 'listing', 'goods', 'marketplace', 'landing', 'dashboard', 'account', 'profile', 'notification',
       'newsletter', 'subscription', 'pricing', 'funnel', 'conversion', 'traffic', 'ranking', 'search', 'query',
       'keyword', 'semantics', 'structure', 'prototype', 'mockup', 'icon', 'font', 'palette', 'style', 'character',
       'animation', 'editing', 'voiceover', 'script', 'drawing', 'estimate', 'calculation', 'circuit', 'board',
       'sensor', 'firmware', 'microcontroller', 'neural', 'model', 'scraper', 'bot', 'automation', 'spreadsheet',
       'export', 'import', 'migration', 'backup', 'security', 'certificate', 'domain', 'hosting', 'mail', 'caching',
       'performance', 'testing', 'autotests', 'release', 'bookkeeping', 'tax', 'reporting', 'lawyer', 'claim',
       'vacancy', 'interview', 'resume'],
 ARRAY['James', 'John', 'Robert', 'Michael', 'David', 'William', 'Richard', 'Thomas', 'Daniel', 'Matthew',
       'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Susan', 'Jessica', 'Sarah', 'Karen', 'Emily',
       'Anna', 'Olivia', 'Emma', 'Sophia', 'Liam', 'Noah', 'Lucas', 'Mia', 'Ava', 'Ethan'],
 ARRAY['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor',
       'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young',
       'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill'],
 ARRAY['Ready to start, more than five years of experience with similar tasks.', 'I will do it well and on time.',
       'See the portfolio in my profile for similar work.', 'I have questions about the spec, please message me.',
       'Can start today.', 'The price is preliminary, I will refine it after we discuss the details.',
       'I work under contract and provide all documents.', 'I will deliver in stages with a report on each.']);

-- Per category and language: what the order is about (names), with the share of orders in that category.
CREATE TABLE bench_gen.categories (
  id int PRIMARY KEY, share float8, upto float8, tasks_ru text[], tasks_en text[], skills int[], specs int[]
);
INSERT INTO bench_gen.categories (id, share, tasks_ru, tasks_en, skills) VALUES
 (1, 0.30,
  ARRAY['сайт', 'интернет-магазин', 'мобильное приложение', 'Telegram-бота', 'парсер', 'лендинг', 'CRM-систему',
        'интеграцию с 1С', 'REST API', 'личный кабинет', 'игру на Unity', 'backend на Python', 'веб-сервис на React',
        'модуль оплаты', 'автотесты'],
  ARRAY['website', 'online store', 'mobile app', 'Telegram bot', 'web scraper', 'landing page', 'CRM system',
        '1C integration', 'REST API', 'customer dashboard', 'Unity game', 'Python backend', 'React web app',
        'payment module', 'automated tests'],
  ARRAY[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20]),
 (2, 0.18,
  ARRAY['логотип', 'дизайн сайта', 'фирменный стиль', 'дизайн мобильного приложения', 'иллюстрации', 'баннеры',
        'упаковку', 'визитки', '3D-модель', 'дизайн интерьера', 'презентацию', 'иконки'],
  ARRAY['logo', 'website design', 'brand identity', 'mobile app design', 'illustrations', 'banners', 'packaging',
        'business cards', '3D model', 'interior design', 'presentation', 'icon set'],
  ARRAY[21, 22, 23, 24, 25, 19, 18]),
 (3, 0.14,
  ARRAY['тексты для сайта', 'перевод с английского', 'перевод технической документации', 'статьи для блога',
        'описания товаров', 'рерайт статей', 'сценарий ролика', 'корректуру книги', 'продающий текст'],
  ARRAY['website copy', 'English translation', 'technical documentation translation', 'blog articles',
        'product descriptions', 'article rewriting', 'video script', 'book proofreading', 'sales copy'],
  ARRAY[31, 32, 33, 34]),
 (4, 0.12,
  ARRAY['SEO-продвижение', 'настройку Яндекс Директ', 'ведение соцсетей', 'SEO-аудит', 'email-рассылку',
        'продвижение на Wildberries', 'таргетированную рекламу', 'настройку аналитики'],
  ARRAY['SEO promotion', 'Yandex Direct setup', 'social media management', 'SEO audit', 'email campaign',
        'Wildberries promotion', 'targeted ads', 'analytics setup'],
  ARRAY[35, 36, 37, 38, 42, 18, 19, 39]),
 (5, 0.08,
  ARRAY['монтаж видео', 'моушн-дизайн', 'озвучку ролика', 'музыку для рекламы', 'анимированный логотип',
        'видео для YouTube'],
  ARRAY['video editing', 'motion design', 'voice-over', 'music for an ad', 'animated logo', 'YouTube video'],
  ARRAY[28, 29, 30]),
 (6, 0.07,
  ARRAY['чертежи в AutoCAD', 'проект дома', 'схему электроснабжения', 'печатную плату', 'смету на ремонт',
        '3D-модель детали'],
  ARRAY['AutoCAD drawings', 'house design', 'power supply circuit', 'PCB layout', 'renovation estimate',
        '3D part model'],
  ARRAY[26, 27, 24, 25]),
 (7, 0.04,
  ARRAY['ретушь фотографий', 'предметную съёмку', 'фотосессию', 'обработку фото для каталога'],
  ARRAY['photo retouching', 'product photography', 'photo shoot', 'catalog photo editing'],
  ARRAY[22]),
 (8, 0.07,
  ARRAY['ведение бухгалтерии', 'юридическую консультацию', 'подбор персонала', 'бизнес-план', 'договор поставки',
        'финансовую модель', 'виртуального ассистента'],
  ARRAY['bookkeeping', 'legal advice', 'recruiting', 'business plan', 'supply contract', 'financial model',
        'virtual assistant'],
  ARRAY[39, 40, 41]);
UPDATE bench_gen.categories c
   SET upto = s.upto, specs = (SELECT array_agg(id ORDER BY id) FROM catalog.specializations WHERE category_id = c.id)
  FROM (SELECT id, sum(share) OVER (ORDER BY id) / sum(share) OVER () AS upto FROM bench_gen.categories) s
 WHERE s.id = c.id;

-- Currencies by share, with their rates from the catalog.
CREATE TABLE bench_gen.currencies (code char(3) PRIMARY KEY, share float8, upto float8, rate numeric);
INSERT INTO bench_gen.currencies (code, share, rate)
SELECT c.code, s.share, c.rate_to_rub
  FROM (VALUES ('RUB', 0.65), ('USD', 0.12), ('EUR', 0.05), ('KZT', 0.08), ('BYN', 0.04), ('UZS', 0.03),
               ('UAH', 0.03)) s (code, share)
  JOIN catalog.currencies c ON c.code = s.code;
UPDATE bench_gen.currencies c SET upto = s.upto
  FROM (SELECT code, sum(share) OVER (ORDER BY code) / sum(share) OVER () AS upto FROM bench_gen.currencies) s
 WHERE s.code = c.code;

-- Countries by share (Russia most), with their cities.
CREATE TABLE bench_gen.countries (id int PRIMARY KEY, share float8, upto float8, cities int[]);
INSERT INTO bench_gen.countries (id, share, cities)
SELECT c.id, CASE c.code WHEN 'RU' THEN 0.60 WHEN 'KZ' THEN 0.12 WHEN 'BY' THEN 0.08 WHEN 'UZ' THEN 0.06
                         WHEN 'UA' THEN 0.05 ELSE 0.015 END,
       (SELECT array_agg(ci.id ORDER BY ci.position) FROM catalog.cities ci WHERE ci.country_id = c.id)
  FROM catalog.countries c;
UPDATE bench_gen.countries c SET upto = s.upto
  FROM (SELECT id, sum(share) OVER (ORDER BY id) / sum(share) OVER () AS upto FROM bench_gen.countries) s
 WHERE s.id = c.id;

-- One element of an array, uniformly, or skewed towards the front (skew > 1: Zipf-like word use).
CREATE FUNCTION bench_gen.pick(a anyarray, skew float8 DEFAULT 1) RETURNS anyelement
  LANGUAGE sql VOLATILE PARALLEL UNSAFE
  AS $$ SELECT a[1 + floor(power(random(), skew) * cardinality(a))::int] $$;
-- A number rounded to two significant digits (how people write budgets: 15 000, 2 500, 350).
CREATE FUNCTION bench_gen.round2(x float8) RETURNS bigint
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT greatest(1, (round(x / power(10, greatest(floor(log(x)) - 1, 0))) * power(10, greatest(floor(log(x)) - 1, 0)))::bigint) $$;
-- An order's language: the same answer wherever it is needed (names, descriptions, bid comments).
CREATE FUNCTION bench_gen.lang(order_no bigint) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT CASE WHEN order_no % 20 < 13 THEN 'ru' ELSE 'en' END $$;
-- Performers live after the customers; the j-th bidder of an order is distinct for j < performer count
-- (104729 is prime, hence coprime to the count), and bidder 0 is who gets selected.
CREATE FUNCTION bench_gen.bidder(order_no bigint, j int, base bigint, customers bigint, performers bigint) RETURNS bigint
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT base + customers + 1 + ((order_no * 7919 + j::bigint * 104729) % performers) $$;

\set customers '(:users * 4 / 10)'
\set performers '(:users - :users * 4 / 10)'

-- Secondary indexes leave for the load and come back from their own definitions.
CREATE TABLE bench_gen.saved_indexes AS
SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
  FROM pg_index i
 WHERE i.indrelid IN ('orders.orders'::regclass, 'bids.bids'::regclass)
   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT name FROM bench_gen.saved_indexes LOOP EXECUTE 'DROP INDEX ' || r.name; END LOOP;
END $$;

\echo orders_data.sql: users
\timing on
INSERT INTO identity.users (id, email, email_verified_at, password_hash, name, lastname, role, lang, created_at,
                            updated_at, intent, job_country_id)
OVERRIDING SYSTEM VALUE
SELECT :user_base + n, 'user' || n || '@bench.artel.local', CASE WHEN r1 < 0.9 THEN created END,
       '$argon2id$v=19$m=19456,t=2,p=1$'
         || rtrim(encode(substr(sha256(convert_to('salt' || n, 'UTF8')), 1, 16), 'base64'), '=') || '$'
         || rtrim(encode(sha256(convert_to('hash' || n, 'UTF8')), 'base64'), '='),
       bench_gen.pick(w.first_names), bench_gen.pick(w.last_names), 0, w.lang, created, created,
       CASE WHEN n <= :customers THEN 'customer' ELSE 'performer' END,
       CASE WHEN n > :customers AND r1 < 0.5 THEN 1 + floor(r2 * 5)::int END
  FROM (SELECT n, random() AS r1, random() AS r2,
               :'started'::timestamptz - interval '3 years' * random() AS created,
               CASE WHEN random() < 0.7 THEN 'ru' ELSE 'en' END AS lang
          FROM generate_series(1, :users) n OFFSET 0) u
  JOIN bench_gen.words w ON w.lang = u.lang;

-- Bids per order: floor of an exponential with mean mu has mean 1 / (e^(1/mu) - 1) = :bids / :orders.
SELECT 1 / ln(1 + :orders::float8 / :bids) AS bid_mu \gset

\echo orders_data.sql: orders
INSERT INTO orders.orders (id, customer_id, name, description, category_id, specialization_id, skill_ids,
                           budget_amount, budget_currency, budget_base, deadline_at, payment_option, country_id,
                           city_id, status, visibility, opens_at, performer_id, bid_count, created_at, updated_at,
                           closed_at, selected_at, completed_at)
OVERRIDING SYSTEM VALUE
SELECT o.n,
       -- Customers: a few post many orders.
       :user_base + 1 + floor(power(o.r_customer, 2) * :customers)::bigint,
       left(bench_gen.pick(w.verbs) || ' ' || task
            || CASE WHEN o.r_name < 0.45 THEN CASE w.lang WHEN 'ru' THEN ' для ' ELSE ' for ' END
                                              || bench_gen.pick(w.businesses)
                    ELSE '' END
            || CASE WHEN o.r_name2 < 0.35 THEN ' ' || bench_gen.pick(w.qualifiers) ELSE '' END, 200),
       bench_gen.pick(w.openings) || ' ' || bench_gen.pick(w.verbs) || ' ' || task || '. '
         || bench_gen.pick(w.sentences) || ' ' || bench_gen.pick(w.sentences) || ' '
         || CASE WHEN o.r_desc < 0.5 THEN bench_gen.pick(w.sentences) || ' ' ELSE '' END
         -- 8–24 words of the vocabulary, Zipf-like (inline: a function here would be planned per row).
         || (SELECT upper(left(v, 1)) || substr(v, 2)
               FROM (SELECT string_agg(w.vocab[i * 0 + 1 + floor(power(random(), 2.5) * cardinality(w.vocab))::int], ' ')
                              AS v  -- `i * 0`: an aggregate of outer columns only would belong to the outer query
                       FROM generate_series(1, 8 + (o.n % 17)::int) i) words) || '.',
       c.id,
       CASE WHEN o.r_spec < 0.9 THEN bench_gen.pick(c.specs) END,
       ARRAY(SELECT DISTINCT bench_gen.pick(c.skills) FROM generate_series(1, (o.n % 5)::int)),
       budget.amount, budget.currency, budget.base,
       CASE WHEN o.r_deadline < 0.30 THEN NULL
            WHEN o.r_deadline < 0.33 THEN :'started'::timestamptz - interval '60 days' * o.r_deadline2
            WHEN o.r_deadline < 0.43 THEN :'started'::timestamptz + interval '3 days' * o.r_deadline2
            WHEN o.r_deadline < 0.55 THEN :'started'::timestamptz + interval '3 days' + interval '4 days' * o.r_deadline2
            WHEN o.r_deadline < 0.80 THEN :'started'::timestamptz + interval '7 days' + interval '23 days' * o.r_deadline2
            ELSE :'started'::timestamptz + interval '30 days' + interval '150 days' * o.r_deadline2 END,
       (ARRAY['no_prepayment', 'prepayment', 'prepayment_possible', 'safe_deal', 'contract'])
         [1 + floor(power(o.r_payment, 1.5) * 5)::int],
       country.id,
       CASE WHEN country.id IS NOT NULL AND o.r_city < 0.5 THEN bench_gen.pick(country.cities) END,
       st.status, st.visibility,
       CASE WHEN st.visibility = 'personal' THEN :'started'::timestamptz + interval '24 hours' * o.r_deadline2 END,
       CASE WHEN st.status IN ('in_progress', 'completed')
            THEN bench_gen.bidder(o.n, 0, :user_base, :customers, :performers) END,
       CASE WHEN st.status IN ('in_progress', 'completed') THEN greatest(o.bids, 1) ELSE o.bids END,
       o.created_at, o.created_at,
       CASE WHEN st.status = 'closed' THEN least(o.created_at + interval '20 days' * o.r_status2, :'started'::timestamptz) END,
       CASE WHEN st.status IN ('in_progress', 'completed')
            THEN least(o.created_at + interval '5 days' * o.r_status2, :'started'::timestamptz) END,
       CASE WHEN st.status = 'completed'
            THEN least(o.created_at + interval '30 days' * o.r_status2, :'started'::timestamptz) END
  FROM (SELECT n, random() AS r_customer, random() AS r_name, random() AS r_name2, random() AS r_desc,
               random() AS r_cat, random() AS r_spec, random() AS r_budget, random() AS r_budget2,
               random() AS r_currency, random() AS r_deadline, random() AS r_deadline2, random() AS r_payment,
               random() AS r_country, random() AS r_country2, random() AS r_city, random() AS r_status,
               random() AS r_status2, random() AS r_task,
               least(floor(-ln(1 - random()) * :bid_mu)::int, 200, :performers) AS bids,
               -- ids in date order over the last year, a few minutes apart
               :'started'::timestamptz - interval '365 days' * (:orders - n) / :orders
                 - interval '30 minutes' * random() AS created_at
          FROM generate_series(1, :orders) n OFFSET 0) o
  JOIN bench_gen.words w ON w.lang = bench_gen.lang(o.n)
  CROSS JOIN LATERAL (SELECT * FROM bench_gen.categories c WHERE c.upto >= o.r_cat ORDER BY c.upto LIMIT 1) c
  CROSS JOIN LATERAL (SELECT (CASE w.lang WHEN 'ru' THEN c.tasks_ru ELSE c.tasks_en END)
                               [1 + floor(power(o.r_task, 1.6) * cardinality(c.tasks_ru))::int] AS task) t
  CROSS JOIN LATERAL (
    SELECT CASE WHEN o.r_status < 0.90 THEN 'search' WHEN o.r_status < 0.92 THEN 'search'
                WHEN o.r_status < 0.96 THEN 'closed' WHEN o.r_status < 0.98 THEN 'in_progress'
                ELSE 'completed' END AS status,
           CASE WHEN o.r_status >= 0.90 AND o.r_status < 0.92 THEN 'personal' ELSE 'public' END AS visibility) st
  LEFT JOIN LATERAL (
    SELECT * FROM bench_gen.countries k WHERE o.r_country < 0.7 AND k.upto >= o.r_country2 ORDER BY k.upto LIMIT 1
  ) country ON true
  LEFT JOIN LATERAL (
    -- The rouble equivalent log-uniform-ish between 1 000 and 300 000 ₽ (most of it 3 000–50 000), written in
    -- the order's currency with two significant digits, stored in minor units.
    SELECT m.code AS currency, m.amount, round(m.amount * m.rate)::bigint AS base
      FROM (SELECT k.code, k.rate,
                   100 * bench_gen.round2(exp(ln(1000) + ln(300) * power(o.r_budget2, 1.3)) / k.rate::float8) AS amount
              FROM bench_gen.currencies k
             WHERE o.r_budget < 0.75 AND k.upto >= o.r_currency ORDER BY k.upto LIMIT 1) m
  ) budget ON true;

-- Exactly :bids bids: the rounding of the draws is spread over random orders (one bid more or less each).
SELECT :bids - sum(bid_count) AS bid_diff FROM orders.orders \gset
\echo orders_data.sql: adjusting bid counts by :bid_diff
UPDATE orders.orders SET bid_count = bid_count + sign(:bid_diff)::int
 WHERE id IN (SELECT id FROM orders.orders
               WHERE :bid_diff > 0 OR bid_count > 1
               ORDER BY random() LIMIT abs(:bid_diff));

\echo orders_data.sql: bids
INSERT INTO bids.bids (order_id, performer_id, kind, comment, term_days, price_amount, price_currency, status,
                       created_at, updated_at)
SELECT b.id, b.performer, b.kind, b.comment, b.term_days,
       CASE WHEN b.kind = 'final' OR b.r_price < 0.5 THEN b.price END,
       CASE WHEN b.kind = 'final' OR b.r_price < 0.5 THEN b.currency END,
       b.status, b.created_at, b.created_at
  FROM (SELECT o.id, bench_gen.bidder(o.id, j, :user_base, :customers, :performers) AS performer,
               CASE WHEN j = 0 AND o.performer_id IS NOT NULL THEN 'final'
                    WHEN random() < 0.8 THEN 'final' ELSE 'preliminary' END AS kind,
               bench_gen.pick(w.comments) || CASE WHEN random() < 0.5 THEN ' ' || bench_gen.pick(w.comments) ELSE '' END
                 AS comment,
               1 + floor(power(random(), 2) * 60)::int AS term_days,
               random() AS r_price,
               CASE WHEN o.budget_amount IS NOT NULL
                    THEN 100 * bench_gen.round2(o.budget_amount / 100 * (0.6 + 0.8 * random()))
                    ELSE 100 * bench_gen.round2(exp(ln(1000) + ln(300) * power(random(), 1.3))) END AS price,
               COALESCE(o.budget_currency, 'RUB') AS currency,
               CASE WHEN o.performer_id IS NULL THEN 'active' WHEN j = 0 THEN 'selected' ELSE 'rejected' END AS status,
               least(o.created_at + interval '3 days' * power(random(), 2) + interval '1 minute' * j,
                     :'started'::timestamptz) AS created_at
          FROM orders.orders o
          JOIN bench_gen.words w ON w.lang = bench_gen.lang(o.id)
          CROSS JOIN LATERAL generate_series(0, o.bid_count - 1) j
         WHERE o.bid_count > 0
        OFFSET 0) b;

\echo orders_data.sql: indexes
DO $$
DECLARE r record; t timestamptz;
BEGIN
  FOR r IN SELECT name, definition FROM bench_gen.saved_indexes ORDER BY name LOOP
    t := clock_timestamp();
    EXECUTE r.definition;
    RAISE WARNING 'orders_data.sql: index % built in % s', r.name,
      round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  END LOOP;
END $$;

-- The typo fallback's lexicon (orders.search_lexemes), which the orders trigger would have filled: triggers are
-- off during the load. Open public orders' words only, as the trigger (db/migrations/orders/0042_public_lexicon.sql).
\echo orders_data.sql: search lexemes
DO $$
DECLARE t timestamptz := clock_timestamp();
BEGIN
  INSERT INTO orders.search_lexemes (lexeme)
  SELECT DISTINCT w.lexeme
  FROM orders.orders o CROSS JOIN LATERAL unnest(tsvector_to_array(o.search)) w (lexeme)
  WHERE o.status = 'search' AND o.visibility = 'public' AND platform.lexicon_word(w.lexeme)
  ON CONFLICT DO NOTHING;
  RAISE WARNING 'orders_data.sql: search lexemes collected in % s',
    round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
END $$;

SELECT setval(pg_get_serial_sequence('identity.users', 'id'), (SELECT max(id) FROM identity.users));
SELECT setval(pg_get_serial_sequence('orders.orders', 'id'), (SELECT max(id) FROM orders.orders));

\echo orders_data.sql: checks (foreign keys skipped during the load, bid_count)
SET session_replication_role = origin;
DO $$
DECLARE bad bigint;
BEGIN
  SELECT count(*) INTO bad FROM orders.orders o
   WHERE NOT EXISTS (SELECT 1 FROM identity.users u WHERE u.id = o.customer_id)
      OR (o.performer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM identity.users u WHERE u.id = o.performer_id))
      OR NOT EXISTS (SELECT 1 FROM catalog.categories c WHERE c.id = o.category_id)
      OR (o.specialization_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM catalog.specializations s
                           WHERE s.id = o.specialization_id AND s.category_id = o.category_id))
      OR (o.budget_currency IS NOT NULL AND NOT EXISTS (SELECT 1 FROM catalog.currencies c WHERE c.code = o.budget_currency))
      OR (o.country_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM catalog.countries c WHERE c.id = o.country_id))
      OR (o.city_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM catalog.cities c
                                                 WHERE c.id = o.city_id AND c.country_id = o.country_id))
      OR NOT (o.skill_ids <@ (SELECT array_agg(id) FROM catalog.skills));
  IF bad > 0 THEN RAISE EXCEPTION 'orders_data.sql: % orders with a dangling reference', bad; END IF;
  SELECT count(*) INTO bad FROM bids.bids b
   WHERE NOT EXISTS (SELECT 1 FROM orders.orders o WHERE o.id = b.order_id)
      OR NOT EXISTS (SELECT 1 FROM identity.users u WHERE u.id = b.performer_id)
      OR (b.price_currency IS NOT NULL AND NOT EXISTS (SELECT 1 FROM catalog.currencies c WHERE c.code = b.price_currency));
  IF bad > 0 THEN RAISE EXCEPTION 'orders_data.sql: % bids with a dangling reference', bad; END IF;
  SELECT count(*) INTO bad FROM orders.orders o
    LEFT JOIN (SELECT order_id, count(*) AS n FROM bids.bids GROUP BY order_id) b ON b.order_id = o.id
   WHERE o.bid_count <> COALESCE(b.n, 0);
  IF bad > 0 THEN RAISE EXCEPTION 'orders_data.sql: % orders whose bid_count is not their number of bids', bad; END IF;
  SELECT count(*) INTO bad FROM orders.orders o
   WHERE o.performer_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM bids.bids b WHERE b.order_id = o.id AND b.performer_id = o.performer_id
                                                 AND b.status = 'selected' AND b.kind = 'final');
  IF bad > 0 THEN RAISE EXCEPTION 'orders_data.sql: % orders in progress without their selected bid', bad; END IF;
END $$;

DROP SCHEMA bench_gen CASCADE;
\timing off
SELECT (SELECT count(*) FROM identity.users) AS users, (SELECT count(*) FROM orders.orders) AS orders,
       (SELECT count(*) FROM orders.orders WHERE status = 'search' AND visibility = 'public') AS open_public,
       (SELECT count(*) FROM bids.bids) AS bids,
       round(extract(epoch FROM clock_timestamp() - :'started'::timestamptz)) AS seconds;
