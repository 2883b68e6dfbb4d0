// Query values the console puts on the frame URL (contract 0001):
// `?account=&token=&avatar=&storeName=&lang=`. The token is optional: embedded, the frame can ask
// the console for one over the bridge (after it removed the token from its own address, a reload
// of the frame has none).

export interface FrameParams {
  account: string;
  token?: string;
  avatar?: string;
  storeName?: string;
  lang?: string;
}

export type FrameParamsResult =
  | { ok: true; params: FrameParams }
  | { ok: false; missing: Array<'account' | 'token'> };

/** The query parameter that carries the IM token; removed from the address once read. */
export const TOKEN_PARAM = 'token';

const optional = (value: string | null): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

export function readFrameParams(search: string): FrameParamsResult {
  const query = new URLSearchParams(search);
  const account = optional(query.get('account'));
  const token = optional(query.get('token'));
  if (!account) return { ok: false, missing: ['account'] };
  return {
    ok: true,
    params: {
      account,
      ...(token ? { token } : {}),
      avatar: optional(query.get('avatar')),
      storeName: optional(query.get('storeName')),
      lang: optional(query.get('lang')),
    },
  };
}

/**
 * The frame's address without the IM token, for history.replaceState: the token must not stay in
 * the address bar, the session history or a copied link. Other parameters are kept.
 */
export function addressWithoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(TOKEN_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}
