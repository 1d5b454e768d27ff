-- The resumes' typo fallback learns only published public resumes (platform/0041, issue 22): the condition is
-- the public list's (libs/resumes/src/list.hpp, kPublic); draft, hidden and responded-only resumes lend no word.
CALL platform.create_search_lexicon('resumes', 'resumes', 'id',
                                    $$status = 'published' AND visibility = 'public'$$);
