-- The public resume list (libs/resumes, GET /api/resumes and /counts): published public resumes only, so every
-- index here is partial on exactly that condition, and each sort's index is shaped by its ORDER BY
-- (libs/resumes/src/list.cpp): by date (published_at DESC, id DESC), by salary (the rouble equivalent
-- ascending, not given last: COALESCE(salary_base, max bigint), id), and by date within a category. The
-- array filters and the words have GIN indexes. benchmarks/run.sh resumes proves the plans (no Seq Scan).

CREATE INDEX resumes_public_date_idx ON resumes.resumes (published_at DESC, id DESC)
  WHERE status = 'published' AND visibility = 'public';
CREATE INDEX resumes_public_category_date_idx ON resumes.resumes (category_id, published_at DESC, id DESC)
  WHERE status = 'published' AND visibility = 'public';
CREATE INDEX resumes_public_salary_idx ON resumes.resumes (COALESCE(salary_base, 9223372036854775807), id)
  WHERE status = 'published' AND visibility = 'public';
-- The counts beside the list (GET /api/resumes/counts) under a salary limit: an index-only scan of the resumes
-- expecting at most that much, per category, instead of reading the table (benchmarks/run.sh resumes, "counts").
CREATE INDEX resumes_public_salary_category_idx ON resumes.resumes (salary_base, category_id)
  WHERE status = 'published' AND visibility = 'public';
CREATE INDEX resumes_public_search_idx ON resumes.resumes USING gin (search)
  WHERE status = 'published' AND visibility = 'public';
CREATE INDEX resumes_public_skills_idx ON resumes.resumes USING gin (skill_ids)
  WHERE status = 'published' AND visibility = 'public';
CREATE INDEX resumes_public_specializations_idx ON resumes.resumes USING gin (specialization_ids)
  WHERE status = 'published' AND visibility = 'public';

-- The search document of a resume (0025's comment): the position (A), its specializations' and skills' names
-- in both languages (B), about and the experience entries' positions and descriptions (C). The save code
-- writes it after the entries (UPDATE … SET search = resumes.search_document(id)); the generator too.
CREATE FUNCTION resumes.search_document(p_resume_id bigint) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('russian', r.position), 'A')
    || setweight(to_tsvector('russian',
         coalesce((SELECT string_agg(s.name_en || ' ' || s.name_ru, ' ') FROM catalog.specializations s
                   WHERE s.id = ANY (r.specialization_ids)), '') || ' ' ||
         coalesce((SELECT string_agg(k.name_en || ' ' || k.name_ru, ' ') FROM catalog.skills k
                   WHERE k.id = ANY (r.skill_ids)), '')), 'B')
    || setweight(to_tsvector('russian', r.about || ' ' ||
         coalesce((SELECT string_agg(e.position || ' ' || e.description, ' ') FROM resumes.experience e
                   WHERE e.resume_id = r.id), '')), 'C')
  FROM resumes.resumes r WHERE r.id = p_resume_id
$$;
