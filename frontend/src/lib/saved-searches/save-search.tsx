import { signedInPart } from '@/lib/composition/signed-in-part';

// The lists whose searches can be saved (the server's scopes, issue 25).
export type SavedSearchScope = 'orders' | 'vacancies';

export interface SaveSearchProps {
  scope: SavedSearchScope;
  // The list's URL parameters as they are now (the category of a path like orders/{category} as `category`).
  filter: Record<string, string>;
  // The name the dialog suggests, made from the filters by the list.
  suggestedName: string;
}

// "Save this search" on the orders and vacancies lists: they render <SaveSearch>, the app shell provides the saved
// searches feature's button and dialog as `SaveSearch`.
export const SaveSearch = signedInPart<SaveSearchProps>('SaveSearch');
