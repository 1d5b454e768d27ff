-- The vacancies' typo fallback learns only published vacancies (platform/0041, issue 22): the condition is the
-- public list's (libs/vacancies/src/query.cpp, AddFilters); drafts and archived vacancies lend no word.
CALL platform.create_search_lexicon('vacancies', 'vacancies', 'id', $$status = 'published'$$);
