// The Redux store. The secure client travels as the thunk extra argument so the baseQuery and
// session thunks share one instance, and tests can pass a fake one.
import { combineReducers, configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { consoleApi } from './api';
import { captchaReducer } from './captchaSlice';
import { notificationsReducer } from './notificationsSlice';
import type { ConsoleThunkExtra, TransportClient } from './transport';
import { authReducer, createInitialAuthState } from '../features/auth/authSlice';
import { imReducer } from '../features/message/imSlice';
import { newOrdersReducer } from '../features/notifications/newOrdersSlice';
import { createInitialLayoutState, layoutReducer } from '../layout/layoutSlice';
import { readStoredToken } from '../features/auth/tokenStorage';
import { persistSidebarOpened } from '../layout/sidebarStorage';
import { persistVisitedTags } from '../layout/tagsStorage';
import { persistLayoutSize, persistThemeMode } from '../layout/preferences';

const rootReducer = combineReducers({
  [consoleApi.reducerPath]: consoleApi.reducer,
  auth: authReducer,
  layout: layoutReducer,
  notifications: notificationsReducer,
  captcha: captchaReducer,
  im: imReducer,
  newOrders: newOrdersReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(client: TransportClient) {
  const storedToken = readStoredToken();
  client.setAccessToken(storedToken?.token ?? null);
  const extra: ConsoleThunkExtra = { client };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: createInitialAuthState(storedToken),
      layout: createInitialLayoutState(),
    },
    // Dev-only invariant checks warn past 32 ms by default; a shared 2-core machine trips that without cause.
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra }, immutableCheck: { warnAfter: 256 }, serializableCheck: { warnAfter: 256 } }).concat(
        consoleApi.middleware,
      ),
  });
  // §9: the sidebar state and size persist; so do the theme and the visited tags (issue 7).
  let last = store.getState().layout;
  store.subscribe(() => {
    const layout = store.getState().layout;
    if (layout === last) return;
    if (layout.sidebarOpened !== last.sidebarOpened) persistSidebarOpened(layout.sidebarOpened);
    if (layout.visitedTags !== last.visitedTags) persistVisitedTags(layout.visitedTags);
    if (layout.size !== last.size) persistLayoutSize(layout.size);
    if (layout.themeMode !== last.themeMode) persistThemeMode(layout.themeMode);
    last = layout;
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<Result = void> = ThunkAction<Result, RootState, ConsoleThunkExtra, UnknownAction>;
