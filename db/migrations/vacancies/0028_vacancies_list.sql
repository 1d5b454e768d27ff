-- The public vacancy list (GET /api/vacancies, libs/vacancies/src/query.cpp): one partial index on published
-- rows per ORDER BY of the page query, so a page is the first rows of one index walk (benchmarks/run.sh
-- vacancies proves the plans: no Seq Scan; docs/performance.md, "Vacancy list").
-- sort=date (the default): newest publication first (a renewal republishes).
CREATE INDEX vacancies_public_date_idx ON vacancies.vacancies (published_at DESC, id DESC)
  WHERE status = 'published';
-- sort=salary: the rouble equivalent of the top of the range, by agreement (NULL) last.
CREATE INDEX vacancies_public_salary_idx ON vacancies.vacancies ((COALESCE(salary_base, -1)) DESC, id DESC)
  WHERE status = 'published';
-- vacancies/{category}: the same two orders within a category (and the per-category counts).
CREATE INDEX vacancies_public_category_date_idx ON vacancies.vacancies (category_id, published_at DESC, id DESC)
  WHERE status = 'published';
CREATE INDEX vacancies_public_category_salary_idx
  ON vacancies.vacancies (category_id, (COALESCE(salary_base, -1)) DESC, id DESC)
  WHERE status = 'published';
-- A city's vacancies by date (the city filter of a job board is its most common one).
CREATE INDEX vacancies_public_city_date_idx ON vacancies.vacancies (city_id, published_at DESC, id DESC)
  WHERE status = 'published';
-- The words (q) and the key skills (skill, all of them).
CREATE INDEX vacancies_public_search_idx ON vacancies.vacancies USING gin (search) WHERE status = 'published';
CREATE INDEX vacancies_public_skills_idx ON vacancies.vacancies USING gin (skill_ids) WHERE status = 'published';
