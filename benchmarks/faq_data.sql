-- Benchmark data for the FAQ search (GET /api/help/faq/search): FAQ categories and questions, both languages in
-- every question as the admin form requires, generated inside PostgreSQL. psql script, one transaction (psql -1),
-- deterministic for a given seed:
--   psql -X -1 -v ON_ERROR_STOP=1 -v questions=10000 -f benchmarks/faq_data.sql
-- followed by `VACUUM (ANALYZE) help.faq_categories, help.faq_questions` (run.sh does). Defaults: 10 000 questions
-- in 40 categories, seed 0.42. The shipped FAQ (libs/help/content/faq.json) has 27 questions in 6 categories: this
-- is a pessimistic ceiling, not a forecast (docs/performance.md, "FAQ search", says why it is measured there).
--
-- What the data looks like: questions "<how do I …> <object> <context>?" from 10 openings × 30 objects × 10 contexts
-- (so a word of one object is in about 1/30 of the questions), each with its Russian translation; answers of 2–4
-- Markdown paragraphs (~300 characters per language, as the shipped ones) from translated sentence pools, their
-- HTML as markdown::ToHtml renders them; positions in order within the category. The search column is generated
-- by the table itself (0035: both languages, questions A, answers B), as for the save code.

\set ON_ERROR_STOP on
\if :{?questions}
\else
  \set questions 10000
\endif
\if :{?seed}
\else
  \set seed 0.42
\endif

SET client_min_messages = warning;
SET jit = off;
SELECT setseed(:seed);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM help.faq_questions WHERE code LIKE 'bench-%') THEN
    RAISE EXCEPTION 'faq_data.sql: benchmark questions are there already; generate into a fresh database';
  END IF;
END $$;

SELECT now() AS started \gset
\echo faq_data.sql: :questions questions (seed :seed)

CREATE SCHEMA bench_faq;
-- Parallel arrays: element i of *_en and *_ru say the same thing.
CREATE TABLE bench_faq.words (openings_en text[], openings_ru text[], objects_en text[], objects_ru text[],
                              contexts_en text[], contexts_ru text[], sentences_en text[], sentences_ru text[]);
INSERT INTO bench_faq.words VALUES (
 ARRAY['How do I create', 'How do I change', 'How do I delete', 'Where can I find', 'Why can''t I see',
       'How long does it take to process', 'Can I cancel', 'Who can see', 'How do I restore', 'What happens to'],
 ARRAY['Как создать', 'Как изменить', 'Как удалить', 'Где найти', 'Почему я не вижу', 'Сколько обрабатывается',
       'Можно ли отменить', 'Кто видит', 'Как восстановить', 'Что происходит с'],
 ARRAY['an order', 'a bid', 'the payment', 'a refund', 'my profile', 'the password', 'a review', 'a dispute',
       'the wallet', 'a vacancy', 'a resume', 'notifications', 'the e-mail address', 'a portfolio', 'the commission',
       'a contract', 'an invoice', 'a company page', 'two-factor sign-in', 'a chat', 'an attachment', 'the deadline',
       'an article', 'a support ticket', 'my account', 'the currency', 'taxes', 'a withdrawal', 'a category',
       'the rating'],
 ARRAY['заказ', 'отклик', 'оплату', 'возврат', 'профиль', 'пароль', 'отзыв', 'спор', 'кошелёк', 'вакансию', 'резюме',
       'уведомления', 'адрес почты', 'портфолио', 'комиссию', 'договор', 'счёт', 'страницу компании',
       'двухфакторный вход', 'чат', 'вложение', 'срок', 'статью', 'обращение в поддержку', 'аккаунт', 'валюту',
       'налоги', 'вывод средств', 'категорию', 'рейтинг'],
 ARRAY['', 'as a customer', 'as a performer', 'on a phone', 'after the deadline', 'for a company',
       'in another currency', 'before the work starts', 'after a dispute', 'on the mobile site'],
 ARRAY['', 'как заказчик', 'как исполнитель', 'с телефона', 'после срока', 'для компании', 'в другой валюте',
       'до начала работы', 'после спора', 'в мобильной версии'],
 ARRAY['Open **Settings** and choose the tab you need.', 'The change takes effect at once and we send you an e-mail.',
       'If the button is grey, your account is not verified yet.', 'Payments are held until the customer accepts the work.',
       'Support answers within one working day.', 'Only you and the other party of the order see it.',
       'You can undo it within 15 minutes.', 'The commission is shown before you confirm.',
       'Refunds go back to the card the payment came from.', 'An admin reviews every dispute by hand.',
       'Attach files up to 10 MB each.', 'Your rating counts only completed orders.'],
 ARRAY['Откройте **Настройки** и выберите нужную вкладку.', 'Изменение действует сразу, мы пришлём письмо.',
       'Если кнопка серая, аккаунт ещё не подтверждён.', 'Оплата удерживается, пока заказчик не примет работу.',
       'Поддержка отвечает в течение рабочего дня.', 'Это видите только вы и вторая сторона заказа.',
       'Отменить можно в течение 15 минут.', 'Комиссия показана до подтверждения.',
       'Возврат приходит на карту, с которой была оплата.', 'Каждый спор администратор разбирает вручную.',
       'Прикрепляйте файлы до 10 МБ каждый.', 'В рейтинге учитываются только завершённые заказы.'])
;

\timing on
\echo faq_data.sql: categories
INSERT INTO help.faq_categories (code, name_en, name_ru, position)
SELECT 'bench-' || c, 'Topic ' || c, 'Тема ' || c, 100 + c FROM generate_series(1, 40) c;

\echo faq_data.sql: questions
INSERT INTO help.faq_questions (code, category_id, question_en, question_ru, answer_en, answer_ru, answer_html_en,
                                answer_html_ru, position)
SELECT 'bench-q-' || g.n, cat.id,
       w.openings_en[g.o] || ' ' || w.objects_en[g.j] || CASE WHEN g.c > 1 THEN ' ' || w.contexts_en[g.c] ELSE '' END || '?',
       w.openings_ru[g.o] || ' ' || w.objects_ru[g.j] || CASE WHEN g.c > 1 THEN ' ' || w.contexts_ru[g.c] ELSE '' END || '?',
       array_to_string(ARRAY(SELECT w.sentences_en[s] FROM unnest(g.s) s), E'\n\n'),
       array_to_string(ARRAY(SELECT w.sentences_ru[s] FROM unnest(g.s) s), E'\n\n'),
       array_to_string(ARRAY(SELECT '<p>' || regexp_replace(w.sentences_en[s], '\*\*(.*?)\*\*', '<strong>\1</strong>')
                                    || '</p>' FROM unnest(g.s) s), E'\n') || E'\n',
       array_to_string(ARRAY(SELECT '<p>' || regexp_replace(w.sentences_ru[s], '\*\*(.*?)\*\*', '<strong>\1</strong>')
                                    || '</p>' FROM unnest(g.s) s), E'\n') || E'\n',
       g.n / 40
  FROM (SELECT n, 1 + floor(random() * 10)::int AS o, 1 + floor(random() * 30)::int AS j,
               1 + floor(random() * 10)::int AS c, 1 + floor(random() * 40)::int AS category_no,
               ARRAY(SELECT 1 + floor(random() * 12)::int FROM generate_series(1, 2 + floor(random() * 3)::int)
                      WHERE n > 0) AS s
          FROM generate_series(1, :questions) n OFFSET 0) g
  JOIN help.faq_categories cat ON cat.code = 'bench-' || g.category_no
  CROSS JOIN bench_faq.words w;
\timing off

DROP SCHEMA bench_faq CASCADE;
SELECT (SELECT count(*) FROM help.faq_categories) AS categories, (SELECT count(*) FROM help.faq_questions) AS questions,
       round(extract(epoch FROM clock_timestamp() - :'started'::timestamptz)) AS seconds;
