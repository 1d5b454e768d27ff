import { createContext, createElement, Suspense, useContext, type ComponentType } from 'react';

import { useViewer } from '@/lib/session/viewer';

// The components the app shell provides for the parts below, by name (features do not import each other).
export const SignedInPartsContext = createContext<Partial<Record<string, ComponentType<never>>>>({});

// A part that one feature's pages show from another, for signed-in users only: the pages render the returned
// component, and the app shell provides the other feature's component under `name` in SignedInPartsContext.
export function signedInPart<Props extends object>(name: string): (props: Props) => JSX.Element | null {
  return function Part(props: Props) {
    const Component = useContext(SignedInPartsContext)[name] as ComponentType<Props> | undefined;
    const viewer = useViewer();
    if (Component === undefined || viewer.status !== 'Authenticated') return null;
    // The app's one component for the whole session (the context never changes), not made per render; nothing
    // while it loads.
    return <Suspense fallback={null}>{createElement(Component, props)}</Suspense>;
  };
}
