import { createContext, createElement, Suspense, useContext, type ComponentType } from 'react';

import { useViewer } from '@/lib/session/viewer';

// The lists whose searches can be saved (the server's scopes, issue 25).
export type SavedSearchScope = 'orders' | 'vacancies';

export interface SaveSearchProps {
  scope: SavedSearchScope;
  // The list's URL parameters as they are now (the category of a path like orders/{category} as `category`).
  filter: Record<string, string>;
  // The name the dialog suggests, made from the filters by the list.
  suggestedName: string;
}

// "Save this search" as the app provides it (features do not import each other): the orders and vacancies lists
// render <SaveSearch>, the app shell fills it with the saved searches feature's button and dialog.
export const SaveSearchContext = createContext<ComponentType<SaveSearchProps> | null>(null);

// For signed-in users only, nothing while it loads.
export function SaveSearch(props: SaveSearchProps) {
  const Button = useContext(SaveSearchContext);
  const viewer = useViewer();
  if (Button === null || viewer.status !== 'Authenticated') return null;
  return <Suspense fallback={null}>{createElement(Button, props)}</Suspense>;
}

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
