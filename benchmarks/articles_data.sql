-- Benchmark data for the article list (GET /api/articles): authors, article categories and articles generated
-- inside PostgreSQL (INSERT ... SELECT generate_series; no row goes through the client). psql script, one
-- transaction (psql -1), deterministic for a given seed:
--   psql -X -1 -v ON_ERROR_STOP=1 -v articles=1000000 -v authors=50000 -f benchmarks/articles_data.sql
-- followed by `VACUUM (ANALYZE) identity.users, articles.categories, articles.articles` outside the transaction
-- (run.sh does). Defaults: 1 000 000 articles of 50 000 authors, seed 0.42. Generates into a database without
-- articles (after Artel migrated it); the 12 categories are added (the demo's six codes among them).
--
-- What the data looks like (docs/performance.md, "Article list"):
--   authors     users (70 % ru, 30 % en); who wrote what is a power law: the most active 1 % of the authors wrote
--               about a sixth of the articles.
--   articles    88 % published, 4 % waiting for moderation, 5 % drafts (a third of them returned by a moderator with
--               a reason and a comment), 3 % blocked (with a reason and a comment; half were published before);
--               70 % Russian, 30 % English; 12 categories with shares from 20 % down to 2 %; 0–5 tags from a
--               Zipf-like vocabulary of 40 common tags and a long tail per language (the most common tag is on
--               about a tenth of its language's articles, the rarest on a few dozen); published over the last six
--               years, denser towards now (half within the last year and a half), ids in creation order as the
--               identity column would give them; views a Pareto distribution (most articles a few dozen, a few
--               hundreds of thousands), the rating and comment counts proportional to views with noise (a few
--               negative ratings); 60 % with a cover; a Markdown body of two sections (~700 characters), its HTML and
--               its plain text (body_text) as the save code keeps them (markdown::ToHtml, markdown::ToText: block
--               ends become one space), so the generated search column (title A, lead B, body_text C) is what
--               Artel would store. Comments and votes are not generated: the list reads only the counts.
-- Secondary indexes of articles.articles (not those of constraints) are dropped for the load and built again from
-- their own definitions (pg_get_indexdef), so migrations stay the only source of the schema. No trigger fires on
-- INSERT (articles_drop_cover is on UPDATE and DELETE).

\set ON_ERROR_STOP on
\if :{?articles}
\else
  \set articles 1000000
\endif
\if :{?authors}
\else
  \set authors 50000
\endif
\if :{?seed}
\else
  \set seed 0.42
\endif

SET client_min_messages = warning;
SET maintenance_work_mem = '512MB';
SET work_mem = '128MB';
SET jit = off;
SELECT setseed(:seed);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM articles.articles) THEN
    RAISE EXCEPTION 'articles_data.sql: articles are not empty; generate into a fresh database';
  END IF;
END $$;

SELECT COALESCE(max(id), 0) AS user_base, now() AS started FROM identity.users \gset
\echo articles_data.sql: :articles articles of :authors authors (seed :seed), user ids after :user_base

CREATE SCHEMA bench_ar;
-- An element of `a`, the first ones more often as `skew` grows (1: uniform).
CREATE FUNCTION bench_ar.pick(a anyarray, skew float8 DEFAULT 1) RETURNS anyelement
  LANGUAGE sql VOLATILE PARALLEL UNSAFE
  AS $$ SELECT a[1 + floor(power(random(), skew) * cardinality(a))::int] $$;

-- The categories: code, names, share of the articles.
CREATE TABLE bench_ar.categories (code text PRIMARY KEY, name_en text, name_ru text, position int, share float8,
                                  id bigint, upto float8);
INSERT INTO bench_ar.categories (code, name_en, name_ru, position, share) VALUES
  ('freelance', 'Freelancing', 'Фриланс', 1, 0.20), ('career', 'Career', 'Карьера', 2, 0.14),
  ('development', 'Development', 'Разработка', 3, 0.12), ('design', 'Design', 'Дизайн', 4, 0.11),
  ('marketing', 'Marketing', 'Маркетинг', 5, 0.09), ('money', 'Money and taxes', 'Деньги и налоги', 6, 0.08),
  ('hiring', 'Hiring', 'Найм', 7, 0.07), ('tools', 'Tools', 'Инструменты', 8, 0.06),
  ('texts', 'Texts and translation', 'Тексты и переводы', 9, 0.05), ('stories', 'Stories', 'Истории', 10, 0.04),
  ('education', 'Education', 'Обучение', 11, 0.02), ('legal', 'Law', 'Право', 12, 0.02);
INSERT INTO articles.categories (code, name_en, name_ru, position)
SELECT code, name_en, name_ru, position FROM bench_ar.categories ORDER BY position
ON CONFLICT (code) DO NOTHING;
UPDATE bench_ar.categories b SET id = c.id FROM articles.categories c WHERE c.code = b.code;
UPDATE bench_ar.categories b SET upto = s.upto
  FROM (SELECT code, sum(share) OVER (ORDER BY position) AS upto FROM bench_ar.categories) s WHERE s.code = b.code;
-- The last range reaches past 1 (a float sum of the shares may stop just short of it).
UPDATE bench_ar.categories SET upto = upto + 1, share = share + 1 WHERE position = 12;

-- Per language: title parts, leads, section headings, sentences, list items and the 40 common tags (the long tail
-- of tags is `<common tag>-<n>`). PLAIN storage: the arrays are read once per pick and must not be detoasted each
-- time.
CREATE TABLE bench_ar.words (lang text PRIMARY KEY, topics text[], angles text[], leads text[], headings text[],
                             sentences text[], items text[], tags text[]);
ALTER TABLE bench_ar.words ALTER COLUMN topics SET STORAGE PLAIN, ALTER COLUMN angles SET STORAGE PLAIN,
  ALTER COLUMN leads SET STORAGE PLAIN, ALTER COLUMN headings SET STORAGE PLAIN,
  ALTER COLUMN sentences SET STORAGE PLAIN, ALTER COLUMN items SET STORAGE PLAIN, ALTER COLUMN tags SET STORAGE PLAIN;
INSERT INTO bench_ar.words VALUES
('ru',
 ARRAY['Фриланс без выгорания', 'Первый заказ', 'Портфолио дизайнера', 'Налоги самозанятого', 'Переговоры о цене',
       'Договор с заказчиком', 'Удалённая работа', 'Резюме разработчика', 'Собеседование в IT', 'Продвижение в соцсетях',
       'Нейросети в работе фрилансера', 'Копирайтинг для бизнеса', 'Логотип для стартапа', 'Оплата по этапам',
       'Сроки и дедлайны', 'Найм первого сотрудника', 'Фриланс и семья', 'Цены на разработку сайтов', 'Техзадание',
       'Отзывы клиентов'],
 ARRAY['личный опыт', 'пошаговая инструкция', 'чек-лист', 'ошибки новичков', 'что изменилось в этом году',
       'мнение практика', 'разбор кейса', 'советы и примеры', 'вопросы и ответы', 'подробный гайд'],
 ARRAY['Разбираем по шагам, с примерами из реальных заказов.', 'Что я понял за пять лет работы на себя.',
       'Короткая памятка, которую стоит сохранить в закладки.', 'Без воды: только то, что проверено на практике.',
       'Отвечаем на самые частые вопросы новичков.', 'История одного проекта от отклика до оплаты.',
       'Цифры, сроки и подводные камни.', 'Как не потерять клиента на первой же неделе.'],
 ARRAY['С чего начать', 'Деньги', 'Время', 'Клиенты', 'Инструменты', 'Главное', 'Типичные ошибки', 'Итоги'],
 ARRAY['Фриланс даёт свободу выбирать проекты, но требует дисциплины.',
       'Заказчику важно понять, что получится в конце, а не только что нужно сделать.',
       'Подушка безопасности на полгода снимает большую часть тревоги.',
       'Поднимайте ставку раз в квартал, а не когда будет не стыдно.',
       'Лучшие заказы приходят от тех, с кем вы уже работали.',
       'Договор защищает обе стороны, даже если проект небольшой.',
       'Оплата по этапам снижает риски и для исполнителя, и для заказчика.',
       'Портфолио работает лучше любого резюме, если в нём есть результаты.',
       'Переписка с клиентом отнимает больше времени, чем кажется.',
       'Нейросети ускоряют рутину, но не заменяют понимание задачи.',
       'Самозанятость проще ИП, пока доход не превышает лимит.',
       'Короткий созвон экономит неделю переписки.',
       'Сроки стоит закладывать с запасом хотя бы в двадцать процентов.',
       'Отзыв после проекта стоит попросить сразу, пока впечатления свежие.',
       'Фрилансер отвечает за результат сам, без начальника и отдела контроля.',
       'Хорошее техзадание отвечает на вопросы раньше, чем их зададут.'],
 ARRAY['Срок и бюджет, хотя бы вилкой', 'Примеры, которые нравятся', 'Доступы и исходники',
       'Кто принимает работу', 'Формат оплаты', 'Контакты для связи', 'План на первый месяц', 'Критерии готовности'],
 ARRAY['фриланс', 'советы', 'опыт', 'заказчик', 'дизайн', 'разработка', 'портфолио', 'налоги', 'карьера', 'маркетинг',
       'новичкам', 'удалёнка', 'самозанятость', 'договор', 'оплата', 'копирайтинг', 'найм', 'резюме', 'собеседование',
       'инструменты', 'нейросети', 'продуктивность', 'выгорание', 'переговоры', 'цены', 'seo', 'smm', 'логотип',
       'веб-дизайн', 'python', 'javascript', '1с', 'бухгалтерия', 'юристу', 'обучение', 'кейсы', 'истории',
       'тайм-менеджмент', 'фото', 'переводы']),
('en',
 ARRAY['Freelancing without burnout', 'Your first order', 'A designer''s portfolio', 'Taxes for freelancers',
       'Negotiating the price', 'A contract with the client', 'Remote work', 'A developer''s resume',
       'Interviews in IT', 'Social media promotion', 'AI tools for freelancers', 'Copywriting for business',
       'A logo for a startup', 'Paying in milestones', 'Deadlines', 'Hiring your first employee',
       'Freelancing and family', 'What a website costs', 'Writing a brief', 'Client reviews'],
 ARRAY['lessons learned', 'a step-by-step guide', 'a checklist', 'beginner mistakes', 'what changed this year',
       'a practitioner''s view', 'a case study', 'tips and examples', 'questions and answers', 'the complete guide'],
 ARRAY['Step by step, with examples from real orders.', 'What five years of working for myself taught me.',
       'A short memo worth bookmarking.', 'No fluff: only what works in practice.',
       'Answers to the questions beginners ask most.', 'One project from the first reply to the payment.',
       'Numbers, deadlines and pitfalls.', 'How not to lose a client in the first week.'],
 ARRAY['Where to start', 'Money', 'Time', 'Clients', 'Tools', 'The main thing', 'Common mistakes', 'Summary'],
 ARRAY['Freelancing gives you the freedom to choose projects, but it takes discipline.',
       'The client needs to see the result, not only the list of tasks.',
       'Six months of savings take away most of the anxiety.',
       'Raise your rate every quarter, not when you finally feel ready.',
       'The best orders come from people you have already worked with.',
       'A contract protects both sides, even on a small project.',
       'Paying in milestones lowers the risk for the freelancer and the client.',
       'A portfolio with results works better than any resume.',
       'Talking to clients takes more time than you think.',
       'AI speeds up routine work but does not replace understanding the task.',
       'Keep your paperwork simple until your income grows.',
       'A short call saves a week of messages.',
       'Plan deadlines with at least twenty percent to spare.',
       'Ask for a review right after the project, while the impression is fresh.',
       'A freelancer answers for the result alone, with no manager to check.',
       'A good brief answers questions before anyone asks them.'],
 ARRAY['Deadline and budget, at least a range', 'Examples you like', 'Access and source files',
       'Who accepts the work', 'How you pay', 'Contacts', 'A plan for the first month', 'What done means'],
 ARRAY['freelance', 'tips', 'experience', 'clients', 'design', 'development', 'portfolio', 'taxes', 'career',
       'marketing', 'beginners', 'remote', 'self-employed', 'contracts', 'payments', 'copywriting', 'hiring', 'resume',
       'interview', 'tools', 'ai', 'productivity', 'burnout', 'negotiation', 'pricing', 'seo', 'smm', 'logo',
       'web-design', 'python', 'javascript', 'accounting', 'legal', 'learning', 'case-study', 'stories',
       'time-management', 'photo', 'translation', 'startups']);

CREATE TABLE bench_ar.saved_indexes AS
SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
  FROM pg_index i
 WHERE i.indrelid = 'articles.articles'::regclass
   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT name FROM bench_ar.saved_indexes LOOP EXECUTE 'DROP INDEX ' || r.name; END LOOP;
END $$;

\timing on
\echo articles_data.sql: authors
INSERT INTO identity.users (id, email, email_verified_at, password_hash, name, lastname, role, lang, created_at,
                            updated_at)
OVERRIDING SYSTEM VALUE
SELECT :user_base + n, 'author' || n || '@bench.artel.local', :'started'::timestamptz,
       '$argon2id$v=19$m=19456,t=2,p=1$'
         || rtrim(encode(substr(sha256(convert_to('salt' || n, 'UTF8')), 1, 16), 'base64'), '=') || '$'
         || rtrim(encode(sha256(convert_to('hash' || n, 'UTF8')), 'base64'), '='),
       CASE WHEN n % 10 < 7 THEN 'Автор' ELSE 'Author' END, 'No. ' || n, 0,
       CASE WHEN n % 10 < 7 THEN 'ru' ELSE 'en' END,
       :'started'::timestamptz - interval '7 years', :'started'::timestamptz - interval '7 years'
  FROM generate_series(1, :authors) n;

-- The skeleton: per article its draws and its times, numbered in creation order (the ids the identity column would
-- have given).
\echo articles_data.sql: the skeleton
CREATE TABLE bench_ar.skeleton AS
SELECT row_number() OVER (ORDER BY s.created_at, s.n) AS k, s.*
  FROM (
    SELECT u.*,
           CASE WHEN u.status = 'published' OR (u.status = 'blocked' AND u.r_was < 0.5)
                THEN u.first_published END AS published_at,
           CASE WHEN u.status IN ('published', 'blocked') THEN u.first_published - interval '1 hour' * (1 + 71 * u.r_draft)
                ELSE :'started'::timestamptz - interval '60 days' * u.r_age END AS created_at
      FROM (
        SELECT n, random() AS r_cat, random() AS r_was, random() AS r_draft, random() AS r_age, random() AS r_views,
               random() AS r_like, random() AS r_dislike, random() AS r_comments, random() AS r_cover,
               random() AS r_reason, floor(random() * 6)::int AS tag_count,
               1 + floor(:authors * power(random(), 2.5))::bigint AS author_no,
               CASE WHEN random() < 0.7 THEN 'ru' ELSE 'en' END AS lang,
               (ARRAY['published', 'moderation', 'draft', 'blocked'])[
                 CASE WHEN r_status < 0.88 THEN 1 WHEN r_status < 0.92 THEN 2 WHEN r_status < 0.97 THEN 3 ELSE 4 END]
                 AS status,
               -- Six years back, denser towards now: half within the last year and a half.
               :'started'::timestamptz - interval '6 years' * power(random(), 2) - interval '1 minute' AS first_published
          FROM (SELECT n, random() AS r_status FROM generate_series(1, :articles) n OFFSET 0) g
      ) u
  ) s;

\echo articles_data.sql: articles
INSERT INTO articles.articles (id, code, author_id, category_id, title, lead, body, body_html, body_text, cover,
  cover_thumbnail, tags, lang, status, moderation_action, moderation_reason, moderation_comment, moderated_at,
  rating, view_count, comment_count, published_at, created_at, updated_at)
OVERRIDING SYSTEM VALUE
SELECT t.k, 'article-' || t.k, :user_base + t.author_no, t.category_id, t.title, t.lead,
       '## ' || t.h1 || E'\n\n' || t.s1 || ' ' || t.s2 || ' ' || t.s3 || E'\n\n- ' || t.i1 || E'\n- ' || t.i2
         || E'\n- ' || t.i3 || E'\n\n## ' || t.h2 || E'\n\n' || t.s4 || ' **' || t.s5 || '**',
       '<h2>' || t.h1 || E'</h2>\n<p>' || t.s1 || ' ' || t.s2 || ' ' || t.s3 || E'</p>\n<ul>\n<li>' || t.i1
         || E'</li>\n<li>' || t.i2 || E'</li>\n<li>' || t.i3 || E'</li>\n</ul>\n<h2>' || t.h2 || E'</h2>\n<p>'
         || t.s4 || ' <strong>' || t.s5 || E'</strong></p>\n',
       concat_ws(' ', t.h1, t.s1, t.s2, t.s3, t.i1, t.i2, t.i3, t.h2, t.s4, t.s5),
       CASE WHEN t.r_cover < 0.6 THEN encode(sha256(convert_to('cover' || t.k, 'UTF8')), 'hex') || '.jpg' END,
       CASE WHEN t.r_cover < 0.6 THEN encode(sha256(convert_to('thumb' || t.k, 'UTF8')), 'hex') || '.webp' END,
       t.tags, t.lang, t.status,
       CASE WHEN t.status = 'blocked' THEN 'block' WHEN t.status = 'draft' AND t.r_reason < 1.0 / 3 THEN 'return'
            WHEN t.status = 'published' THEN 'publish' END,
       CASE WHEN t.status = 'blocked' OR (t.status = 'draft' AND t.r_reason < 1.0 / 3)
            THEN (ARRAY['spam', 'offensive', 'plagiarism', 'off_topic', 'low_quality', 'rules'])[1 + floor(t.r_reason * 6)::int % 6] END,
       CASE WHEN t.status = 'blocked' OR (t.status = 'draft' AND t.r_reason < 1.0 / 3)
            THEN CASE WHEN t.lang = 'ru' THEN 'Уберите ссылки на сторонние сервисы и добавьте источники.'
                      ELSE 'Please remove the links to other services and cite your sources.' END END,
       CASE WHEN t.status IN ('published', 'blocked') OR (t.status = 'draft' AND t.r_reason < 1.0 / 3)
            THEN COALESCE(t.published_at, t.created_at + interval '1 hour') END,
       t.rating, t.views, t.comments, t.published_at, t.created_at,
       CASE WHEN t.status = 'blocked' THEN t.created_at + interval '2 hours' ELSE COALESCE(t.published_at, t.created_at) END
  FROM (
    SELECT s.k, s.author_no, s.lang, s.status, s.published_at, s.created_at, s.r_cover, s.r_reason, c.id AS category_id,
           bench_ar.pick(w.topics, 1.5) || ': ' || bench_ar.pick(w.angles) AS title, bench_ar.pick(w.leads) AS lead,
           bench_ar.pick(w.headings) AS h1, bench_ar.pick(w.headings) AS h2, bench_ar.pick(w.sentences, 1.3) AS s1,
           bench_ar.pick(w.sentences, 1.3) AS s2, bench_ar.pick(w.sentences, 1.3) AS s3,
           bench_ar.pick(w.sentences, 1.3) AS s4, bench_ar.pick(w.sentences, 1.3) AS s5,
           bench_ar.pick(w.items) AS i1, bench_ar.pick(w.items) AS i2, bench_ar.pick(w.items) AS i3,
           -- Tags: rank r of a Zipf-like draw (rank 1 most common); ranks past 40 are the long tail
           -- `<common tag>-<n>` (40 × 500 of them).
           ARRAY(SELECT DISTINCT CASE WHEN r <= 40 THEN w.tags[r] ELSE w.tags[1 + r % 40] || '-' || (r / 40) END
                   FROM (SELECT 1 + floor(20040 * power(random(), 3))::int AS r
                           FROM generate_series(1, s.tag_count) WHERE s.k > 0) d) AS tags,
           -- Views: Pareto (alpha 1.2, at least 20) for what was published, none otherwise; rating and comments
           -- follow the views.
           CASE WHEN s.published_at IS NULL THEN 0
                ELSE least(20 * power(1 - s.r_views, -1 / 1.2), 5000000)::int END AS views,
           CASE WHEN s.published_at IS NULL THEN 0
                ELSE round(least(20 * power(1 - s.r_views, -1 / 1.2), 5000000) * (0.03 * s.r_like - 0.006 * s.r_dislike))::int
           END AS rating,
           CASE WHEN s.published_at IS NULL THEN 0
                ELSE floor(least(20 * power(1 - s.r_views, -1 / 1.2), 5000000) * 0.01 * s.r_comments)::int END AS comments
      FROM bench_ar.skeleton s
      JOIN bench_ar.categories c ON s.r_cat < c.upto AND s.r_cat >= c.upto - c.share
      JOIN bench_ar.words w ON w.lang = s.lang
  ) t;
\timing off

\echo articles_data.sql: indexes
DO $$
DECLARE r record; t timestamptz;
BEGIN
  FOR r IN SELECT name, definition FROM bench_ar.saved_indexes ORDER BY name LOOP
    t := clock_timestamp();
    EXECUTE r.definition;
    RAISE WARNING 'articles_data.sql: index % built in % s', r.name,
      round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  END LOOP;
END $$;

SELECT setval(pg_get_serial_sequence('identity.users', 'id'), (SELECT max(id) FROM identity.users));
SELECT setval(pg_get_serial_sequence('articles.articles', 'id'), (SELECT max(id) FROM articles.articles));

DROP SCHEMA bench_ar CASCADE;
SELECT (SELECT count(*) FROM articles.articles) AS articles,
       (SELECT count(*) FROM articles.articles WHERE status = 'published') AS published,
       (SELECT count(DISTINCT author_id) FROM articles.articles) AS authors,
       round(extract(epoch FROM clock_timestamp() - :'started'::timestamptz)) AS seconds;
