// Snackbar queue: server messages (§8 showError), timeouts, and the "new message" notice (§2).
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationSeverity = 'error' | 'warning' | 'info' | 'success';

export interface ConsoleNotification {
  id: string;
  severity: NotificationSeverity;
  /** Either literal text from the server, or an i18n key when `translate` is set. */
  message: string;
  translate?: boolean;
  /** The response code behind a server message: codes with a shared text are shown in the merchant's language. */
  code?: string;
  /** Optional in-app link shown as the notice's action. */
  link?: { to: string; labelKey: string };
}

export interface NotificationsState {
  queue: ConsoleNotification[];
}

const initialState: NotificationsState = { queue: [] };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<ConsoleNotification>) {
        state.queue.push(action.payload);
      },
      prepare(notification: Omit<ConsoleNotification, 'id'>) {
        return { payload: { ...notification, id: nanoid() } };
      },
    },
    dismissed(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((item) => item.id !== action.payload);
    },
  },
});

export const { notify, dismissed } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
