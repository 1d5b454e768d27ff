import { createContext, useContext } from 'react';

// Who looks at the page, as features need it: the session is identity's, and features do not import each other,
// so the app shell provides this from the session and pages read it here.
export interface Viewer {
  status: 'pending' | 'Authenticated' | 'Unauthenticated';
  // The signed-in user's id; null for a guest (and while pending).
  id: number | null;
  // role ≥ 1 (the moderators' actions show; the server checks).
  admin?: boolean;
}

export const ViewerContext = createContext<Viewer>({ status: 'pending', id: null });

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}
