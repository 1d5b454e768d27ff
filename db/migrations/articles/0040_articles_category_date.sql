-- The public list of one category, newest first (GET /api/articles?category=…, the default order): its own partial
-- index, as orders' category list has. Without it a small category walked articles_published_date_idx and read
-- every newer article of the others: 4 254 rows for one page of a 2 % category in English on a million articles
-- (66 ms), 61 with it (1.3 ms; docs/performance.md, "Article list"). The rating and popularity orders of a category
-- still walk their own indexes.
CREATE INDEX articles_published_category_date_idx ON articles.articles (category_id, published_at DESC, id DESC)
  WHERE status = 'published';
