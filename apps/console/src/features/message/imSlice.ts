// Unread total reported by the chat frame (contract 0001, `unread.payload.total`).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { tokenCleared } from '../auth/authSlice';

export interface ImState {
  unreadTotal: number;
}

const imSlice = createSlice({
  name: 'im',
  initialState: { unreadTotal: 0 } as ImState,
  reducers: {
    unreadTotalReported(state, action: PayloadAction<number>) {
      state.unreadTotal = Math.max(0, Math.floor(action.payload));
    },
  },
  extraReducers: (builder) => {
    builder.addCase(tokenCleared, (state) => {
      state.unreadTotal = 0;
    });
  },
});

export const { unreadTotalReported } = imSlice.actions;
export const imReducer = imSlice.reducer;
