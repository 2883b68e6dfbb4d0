// An in-memory stand-in for store-server's envelope API, reached through the real secure client
// (mode 'none') via its `fetch` option. Only the calls the console's tests make are answered.
import type { FetchLike } from '@merchant/secure-transport';

export interface EnvelopeCall {
  path: string;
  biz: Record<string, unknown>;
  accessToken: string;
}

export interface Envelope {
  code: string;
  msg: string;
  data?: unknown;
  errInfo?: { value?: string };
}

export type Handler = (call: EnvelopeCall) => Envelope | Promise<Envelope>;

export interface FakeUser {
  userName: string;
  password: string;
  token: string;
  info: Record<string, unknown>;
}

export const DEMO_USER: FakeUser = {
  userName: 'demo_merchant',
  password: 'Demo12345',
  token: 'token-demo',
  info: {
    roles: ['merchant'],
    nickname: 'Demo Owner',
    avatarUrl: '',
    uid: '1001',
    storeStatus: 2,
    storeType: 1,
    storeName: 'Demo Flagship Store',
    forbiddenReason: '',
  },
};

const ok = (data: unknown = null): Envelope => ({ code: '00000000', msg: 'success', data });
const USER = '/v1/store/eshop/store/user';

export interface FakeStoreServer {
  fetch: FetchLike;
  calls: EnvelopeCall[];
  callsTo(pathEnd: string): EnvelopeCall[];
  on(path: string, handler: Handler): void;
}

export function createFakeStoreServer(users: FakeUser[] = [DEMO_USER]): FakeStoreServer {
  const calls: EnvelopeCall[] = [];
  const userByToken = (token: string) => users.find((user) => user.token === token);
  const handlers = new Map<string, Handler>([
    [
      `${USER}/login`,
      ({ biz }) => {
        const user = users.find((candidate) => candidate.userName === biz.userName);
        if (!user || user.password !== biz.password) return { code: '10102001', msg: 'wrong username or password' };
        return ok({ accessToken: user.token, storeStatus: user.info.storeStatus });
      },
    ],
    [
      `${USER}/getUserByToken`,
      ({ biz }) => {
        const user = userByToken(String(biz.token));
        return user ? ok(user.info) : { code: '10302006', msg: 'token expired' };
      },
    ],
    [`${USER}/logout`, () => ok()],
    [
      '/v1/store/im/getCccUserImToken',
      ({ accessToken }) => {
        const user = userByToken(accessToken);
        return user ? ok({ uid: `s_${String(user.info.uid)}`, imToken: `im-${user.token}`, appKey: 'merchant-im' }) : { code: '10302006', msg: 'token expired' };
      },
    ],
  ]);

  const fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname;
    const envelope = JSON.parse(init.body) as { sys: { accessToken?: string }; biz: Record<string, unknown> };
    const call = { path, biz: envelope.biz ?? {}, accessToken: envelope.sys.accessToken ?? '' };
    calls.push(call);
    const handler = handlers.get(path);
    // Like the real fetch, an aborted request (the client's timeout) rejects.
    const aborted = new Promise<never>((_resolve, reject) => {
      if (init.signal.aborted) reject(new DOMException('aborted', 'AbortError'));
      init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    });
    const answer = handler ? Promise.resolve(handler(call)) : Promise.resolve({ code: '10404000', msg: `no route ${path}` });
    const response = await Promise.race([answer, aborted]);
    return { ok: true, status: 200, text: async () => JSON.stringify(response) };
  };

  return {
    fetch,
    calls,
    callsTo: (pathEnd) => calls.filter((call) => call.path.endsWith(pathEnd)),
    on: (path, handler) => handlers.set(path, handler),
  };
}
