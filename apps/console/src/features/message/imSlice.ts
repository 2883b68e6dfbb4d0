// Unread total reported by the chat frame (contract 0001, `unread.payload.total`). Until the frame's first
// report the total is unknown (`unreadKnown` false): the badge and the dashboard show a skeleton, never a
// 0 that is not known yet (issue 35 §6). The frame reports its first total once synced, 0 included.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { tokenCleared } from '../auth/authSlice';

export interface ImState {
  unreadTotal: number;
  unreadKnown: boolean;
}

const initialState: ImState = { unreadTotal: 0, unreadKnown: false };

const imSlice = createSlice({
  name: 'im',
  initialState,
  reducers: {
    unreadTotalReported(state, action: PayloadAction<number>) {
      state.unreadTotal = Math.max(0, Math.floor(action.payload));
      state.unreadKnown = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(tokenCleared, () => initialState);
  },
});

export const { unreadTotalReported } = imSlice.actions;
export const imReducer = imSlice.reducer;
