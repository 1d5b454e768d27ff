import { PrimeReactProvider } from 'primereact/api';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { createRoutes } from '@/app/routes';
import type { AppStore } from '@/app/store';
import { languageOfPath } from '@/lib/i18n/languages';

export interface AppProps {
  store: AppStore;
}

const router = createBrowserRouter(createRoutes(), {
  future: { v7_relativeSplatPath: true, v7_fetcherPersist: true, v7_normalizeFormMethod: true },
});

export function App({ store }: AppProps) {
  return (
    <Provider store={store}>
      {/* The provider makes its locale PrimeReact's current one when it mounts: start in the page's language
          (lib/i18n/prime-locale follows every later change). */}
      <PrimeReactProvider value={{ ripple: false, locale: languageOfPath(window.location.pathname) }}>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
      </PrimeReactProvider>
    </Provider>
  );
}
