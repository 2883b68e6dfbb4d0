// How many paid orders arrived since the merchant last opened the order list: the orders menu badge.
import { createSlice } from '@reduxjs/toolkit';
import { tokenCleared } from '../auth/authSlice';

export interface NewOrdersState {
  unseen: number;
}

const newOrdersSlice = createSlice({
  name: 'newOrders',
  initialState: { unseen: 0 } as NewOrdersState,
  reducers: {
    newOrderArrived(state) {
      state.unseen += 1;
    },
    newOrdersSeen(state) {
      state.unseen = 0;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(tokenCleared, (state) => {
      state.unseen = 0;
    });
  },
});

export const { newOrderArrived, newOrdersSeen } = newOrdersSlice.actions;
export const newOrdersReducer = newOrdersSlice.reducer;
