-- The SQL of GET /api/articles sorted by popularity (`sort=popular`, views): the named prepared statement
-- articles.list_popular of libs/articles/src/articles.cpp (kListPopular), text for text, and its seven parameters: $1
-- q, $2 category, $3 tag, $4 lang, $5 limit (page size + 1), $6 after (the cursor's view count, an int), $7 after_id;
-- NULL where the request has no such filter or cursor. pgbench cannot bind a NULL parameter (it sends every variable as
-- text), so the script prepares the same statement on the server once per connection, as Artel's pool does (the same
-- text, untyped parameters, the same plan cache), and EXECUTEs it with SQL values. Run it with -M simple and -D
-- prepared=0, every parameter an SQL literal or expression:
-- -D q=NULL -D "lang='ru'" -D "category=(ARRAY[1, 2])[1 + floor(random() * 2)::int]".
-- run.sh's articles part gives the values per scenario. When kListPopular changes, copy it here.
\if :prepared = 0
PREPARE articles_list_popular AS SELECT a.id, a.code, a.category_id, a.title, a.lead, '' AS body, '' AS body_html, a.cover, a.cover_thumbnail, a.tags, a.lang, a.status, a.moderation_action, a.moderation_reason, a.moderation_comment, a.moderated_at, a.rating, a.view_count, a.comment_count, a.published_at, a.created_at, a.updated_at, u.id AS author_id, u.name AS author_name, u.lastname AS author_lastname, u.avatar AS author_avatar, 0 AS my_vote FROM (SELECT a.* FROM articles.articles a WHERE a.status = 'published' AND ($1::text IS NULL OR a.search @@ websearch_to_tsquery('russian', $1)) AND ($2::bigint IS NULL OR a.category_id = $2) AND ($3::text IS NULL OR a.tags @> ARRAY[$3::text]) AND ($4::text IS NULL OR a.lang = $4) AND ($6::int IS NULL OR (a.view_count, a.id) < ($6, $7::bigint)) ORDER BY a.view_count DESC, a.id DESC LIMIT $5) a JOIN identity.users u ON u.id = a.author_id ORDER BY a.view_count DESC, a.id DESC;
\set prepared 1
\endif
EXECUTE articles_list_popular(:q, :category, :tag, :lang, :limit, :after, :after_id);
