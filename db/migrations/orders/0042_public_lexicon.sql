-- The orders' typo fallback learns only open public orders (platform/0041, issue 22): the words of a personal,
-- closed, in-progress or deleted order are never suggested. The condition is the public list's
-- (libs/orders/src/query.cpp, AddOpenFilters) without its deadline, which time moves and no trigger sees; a
-- suggestion of an overdue order's word finds nothing, and the list then answers without it.
CALL platform.create_search_lexicon('orders', 'orders', 'id', $$status = 'search' AND visibility = 'public'$$);
