-- The SQL of GET /api/help/faq/search?q=<text> (libs/help/src/help.cpp, kFaqSearch, the named prepared statement
-- help.faq_search), text for text: the full-text match over help.faq_questions.search (both languages), ranked, the
-- first 20 (:limit). :lang is the request's language (no Accept-Language: the default, en). Artel runs it as a
-- named prepared statement, so pgbench uses -M prepared.
SELECT q.code,
  CASE WHEN :lang = 'ru' THEN q.question_ru ELSE q.question_en END AS question,
  CASE WHEN :lang = 'ru' THEN q.answer_ru ELSE q.answer_en END AS answer
FROM help.faq_questions q, websearch_to_tsquery('russian'::regconfig, :q) query
WHERE q.search @@ query
ORDER BY ts_rank(q.search, query) DESC, q.position, q.id
LIMIT :limit;
