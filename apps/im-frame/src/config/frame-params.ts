// Query values the console puts on the frame URL (contract 0001):
// `?account=&token=&avatar=&storeName=&lang=`.

export interface FrameParams {
  account: string;
  token: string;
  avatar?: string;
  storeName?: string;
  lang?: string;
}

export type FrameParamsResult =
  | { ok: true; params: FrameParams }
  | { ok: false; missing: Array<'account' | 'token'> };

const optional = (value: string | null): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

export function readFrameParams(search: string): FrameParamsResult {
  const query = new URLSearchParams(search);
  const account = optional(query.get('account'));
  const token = optional(query.get('token'));
  if (!account || !token) {
    const missing: Array<'account' | 'token'> = [];
    if (!account) missing.push('account');
    if (!token) missing.push('token');
    return { ok: false, missing };
  }
  return {
    ok: true,
    params: {
      account,
      token,
      avatar: optional(query.get('avatar')),
      storeName: optional(query.get('storeName')),
      lang: optional(query.get('lang')),
    },
  };
}
