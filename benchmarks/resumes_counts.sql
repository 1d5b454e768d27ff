-- The SQL of GET /api/resumes/counts?salary=<maximum> (the counts beside the list: per category and the total),
-- as libs/resumes/src/list.cpp (list::BuildCategoryCounts, list::BuildTotal) builds it; Artel sends both in one
-- pipeline as named prepared statements, so pgbench runs both per transaction with -M prepared. The salary is
-- drawn from the range the wrk paths cycle through (35 000 to 60 000 ₽ in kopecks); Artel's counts cache is
-- defeated there by a new salary per request, so both sides run the SQL every time.
\set salary random(3500000, 6000000)
SELECT r.category_id, count(*) AS count FROM resumes.resumes r WHERE r.status = 'published' AND r.visibility = 'public' AND r.salary_base <= :salary GROUP BY r.category_id ORDER BY r.category_id;
SELECT count(*) AS count FROM resumes.resumes r WHERE r.status = 'published' AND r.visibility = 'public' AND r.salary_base <= :salary;
