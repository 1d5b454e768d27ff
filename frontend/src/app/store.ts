import { combineReducers, configureStore } from '@reduxjs/toolkit';

import { sessionMemory, sessionSlice } from '@/features/identity/model/session-slice';
import { baseApi } from '@/lib/api/base-api';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [sessionSlice.name]: sessionSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

// Typed factory; tests pass a preloaded state (e.g. a signed-in session).
export function createStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware).concat(sessionMemory),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
