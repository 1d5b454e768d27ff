import { PrimeReactProvider } from 'primereact/api';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { createRoutes } from '@/app/routes';
import type { AppStore } from '@/app/store';

export interface AppProps {
  store: AppStore;
}

const router = createBrowserRouter(createRoutes(), {
  future: { v7_relativeSplatPath: true, v7_fetcherPersist: true, v7_normalizeFormMethod: true },
});

export function App({ store }: AppProps) {
  return (
    <Provider store={store}>
      <PrimeReactProvider value={{ ripple: false }}>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
      </PrimeReactProvider>
    </Provider>
  );
}
