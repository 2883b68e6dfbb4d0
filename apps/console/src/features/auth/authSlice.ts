// Who is signed in: the token (mirrored in storage by the session thunks) and the loaded user.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from './userInfo';

export type UserLoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface AuthState {
  token: string | null;
  remember: boolean;
  user: UserInfo | null;
  userStatus: UserLoadStatus;
  /** Why the last user-info load failed: server text, or an i18n key when `translate` is set. */
  userError: { message: string; translate: boolean } | null;
}

export function createInitialAuthState(stored: { token: string; remember: boolean } | null): AuthState {
  return { token: stored?.token ?? null, remember: stored?.remember ?? false, user: null, userStatus: 'idle', userError: null };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: createInitialAuthState(null),
  reducers: {
    tokenSet(state, action: PayloadAction<{ token: string; remember: boolean }>) {
      state.token = action.payload.token;
      state.remember = action.payload.remember;
      state.user = null;
      state.userStatus = 'idle';
      state.userError = null;
    },
    tokenCleared(state) {
      state.token = null;
      state.user = null;
      state.userStatus = 'idle';
    },
    userLoadStarted(state) {
      state.userStatus = 'loading';
      state.userError = null;
    },
    userLoaded(state, action: PayloadAction<UserInfo>) {
      state.user = action.payload;
      state.userStatus = 'loaded';
    },
    userLoadFailed(state, action: PayloadAction<{ message: string; translate: boolean }>) {
      state.userStatus = 'failed';
      state.userError = action.payload;
    },
    userErrorDismissed(state) {
      state.userError = null;
    },
  },
});

export const { tokenSet, tokenCleared, userLoadStarted, userLoaded, userLoadFailed, userErrorDismissed } =
  authSlice.actions;
export const authReducer = authSlice.reducer;
