-- The catalogue's typo fallback learns only listed performers (platform/0041, issue 22): the condition is the
-- catalogue's (libs/profiles/src/catalogue.cpp, AddFilters), so a profile without a main specialization lends
-- no word to suggestions.
CALL platform.create_search_lexicon('profiles', 'freelancers', 'user_id', $$main_specialization_id IS NOT NULL$$);
