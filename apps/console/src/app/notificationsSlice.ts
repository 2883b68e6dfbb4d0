// Toasts (issue 35 §7): server messages (§8 showError), timeouts, the results of the merchant's actions, and live
// news (a new order, a new chat message, §2). Each toast has a topic; one toast per topic shows at a time and a
// newer one replaces it, so a success replaces the error of the attempt before it, and a new order never holds
// back a chat message: toasts of different topics show together.
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationSeverity = 'error' | 'warning' | 'info' | 'success';

/** What a toast is about: the outcome of what the merchant just did, or a kind of live news. */
export type NotificationTopic = 'result' | 'newOrder' | 'newMessage';

export interface ConsoleNotification {
  id: string;
  topic: NotificationTopic;
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
  /** The toasts on screen, at most one per topic, oldest first. */
  shown: ConsoleNotification[];
}

const initialState: NotificationsState = { shown: [] };

/** A toast to show; its topic is 'result' unless it is live news. */
export type NotificationInput = Omit<ConsoleNotification, 'id' | 'topic'> & { topic?: NotificationTopic };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<ConsoleNotification>) {
        state.shown = state.shown.filter((item) => item.topic !== action.payload.topic);
        state.shown.push(action.payload);
      },
      prepare({ topic = 'result', ...notification }: NotificationInput) {
        return { payload: { ...notification, topic, id: nanoid() } };
      },
    },
    dismissed(state, action: PayloadAction<string>) {
      state.shown = state.shown.filter((item) => item.id !== action.payload);
    },
  },
});

export const { notify, dismissed } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
