// The list's parameters of a URL search and a category path segment; a repeated parameter (the vacancies'
// employment and schedule) as its values comma-separated.
export function filterOf(search: URLSearchParams, category?: string): Record<string, string> {
  const filter: Record<string, string> = {};
  if (category !== undefined) filter.category = category;
  search.forEach((value, key) => {
    if (value === '' || key === 'cursor') return;
    filter[key] = filter[key] === undefined ? value : `${filter[key]},${value}`;
  });
  return filter;
}
