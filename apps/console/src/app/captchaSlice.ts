// §8 code 10103003: the graphic-verification dialog overlays any screen with errInfo.value.
// store-server also sends errInfo.key; a solved key is sent back with the next sign-in.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface CaptchaState {
  /** Image (data URL or URL) to show; null while the dialog is closed. */
  image: string | null;
  /** Server key of the image shown, when the server gave one. */
  key: string | null;
  /** Key of an image the merchant solved, not yet used by a sign-in. */
  verifiedKey: string | null;
}

const initialState: CaptchaState = { image: null, key: null, verifiedKey: null };

const captchaSlice = createSlice({
  name: 'captcha',
  initialState,
  reducers: {
    captchaRequested(state, action: PayloadAction<string>) {
      state.image = action.payload;
    },
    captchaKeyReceived(state, action: PayloadAction<string>) {
      state.key = action.payload;
    },
    captchaVerified(state) {
      state.verifiedKey = state.key;
      state.image = null;
      state.key = null;
    },
    captchaClosed(state) {
      state.image = null;
    },
    verifiedKeyConsumed(state) {
      state.verifiedKey = null;
    },
  },
});

export const { captchaRequested, captchaKeyReceived, captchaVerified, captchaClosed, verifiedKeyConsumed } = captchaSlice.actions;
export const captchaReducer = captchaSlice.reducer;
