// Graphic verification calls (console-spec §7: getCaptcha returns data.value; checkCaptchaCode).
import { consoleApi } from './api';

const USER_API_BASE = '/v1/store/eshop/store/user';

export interface CaptchaImage {
  value: string;
  /** Identifies the image on the server when it issues one; sent back with the code. */
  key?: string;
}

export const captchaApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    getCaptcha: build.mutation<CaptchaImage, void>({
      query: () => ({ path: `${USER_API_BASE}/getCaptcha`, biz: {} }),
    }),
    checkCaptchaCode: build.mutation<unknown, { key?: string; captchaCode: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/checkCaptchaCode`, biz }),
    }),
  }),
});

export const { useGetCaptchaMutation, useCheckCaptchaCodeMutation } = captchaApi;
