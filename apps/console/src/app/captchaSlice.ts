// §8 code 10103003: the graphic-verification dialog overlays any screen with errInfo.value.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface CaptchaState {
  /** Image (data URL or URL) to show; null while the dialog is closed. */
  image: string | null;
}

const captchaSlice = createSlice({
  name: 'captcha',
  initialState: { image: null } as CaptchaState,
  reducers: {
    captchaRequested(state, action: PayloadAction<string>) {
      state.image = action.payload;
    },
    captchaClosed(state) {
      state.image = null;
    },
  },
});

export const { captchaRequested, captchaClosed } = captchaSlice.actions;
export const captchaReducer = captchaSlice.reducer;
