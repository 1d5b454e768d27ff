import { PrimeReactProvider } from 'primereact/api';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { createRoutes } from '@/app/routes';
import type { AppStore } from '@/app/store';

export interface AppProps {
  store: AppStore;
}

const router = createBrowserRouter(createRoutes());

export function App({ store }: AppProps) {
  return (
    <Provider store={store}>
      <PrimeReactProvider value={{ ripple: false }}>
        <RouterProvider router={router} />
      </PrimeReactProvider>
    </Provider>
  );
}
