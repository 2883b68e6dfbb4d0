// An in-memory stand-in for store-server's envelope API, reached through the real secure client
// (mode 'none') via its `fetch` option. Only the calls the console's tests make are answered.
// It speaks the contracts of @merchant/api-contracts like the real server: a biz the contract refuses
// gets 10100001 with every refused field in errInfo before any handler runs, an idempotent call's
// repeated key gets the first answer without the handler running again, and an answer the contract does
// not allow (data outside the schema, a code the call never answers) is a violation that fails the call
// and the test.
import {
  ALL_PERMISSION_CODES,
  STORE_CODES,
  authEndpoints,
  describeValidationError,
  endpointAllows,
  IDEMPOTENCY_KEY_FIELD,
  validationErrInfoOf,
  endpointByPath,
  exportEndpoints,
  imEndpoints,
  isTransportCode,
  type AnyEndpoint,
  type WireProblem,
} from '@merchant/api-contracts';
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
  /** The captcha image (10103003), or every refused field of a 10100001 (api-contracts validationErrInfo). */
  /** Field problems, and whatever else a refusal carries (e.g. how many goods use a template). */
  errInfo?: { value?: string; problems?: WireProblem[]; [detail: string]: unknown };
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
  // getUserByToken's data without accessToken (the fake adds the user's token); no permission codes and,
  // like a sub-account without roles, not the owner.
  info: {
    roles: ['admin'],
    permissions: [],
    owner: false,
    nickname: 'Demo Owner',
    avatarUrl: '',
    uid: '1001',
    storeStatus: 2,
    storeType: 1,
    storeName: 'Demo Flagship Store',
    forbiddenReason: '',
  },
};

/**
 * The demo user as the store's owner really is: every permission code (docs/permissions.md, the owner holds
 * all) and `owner` true. Same user name, password and token as DEMO_USER, so a spec that needs codes (the chat needs
 * `im:chat`) signs in with `renderSignedIn({ user: DEMO_OWNER })` instead of copying the user.
 */
export const DEMO_OWNER: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: [...ALL_PERMISSION_CODES], owner: true } };

/** Whether the fake's user holds a code, as store-server decides it (exact codes from getUserByToken). */
const holds = (user: FakeUser, code: string | undefined): boolean =>
  !code || (Array.isArray(user.info.permissions) && (user.info.permissions as unknown[]).includes(code));
const permissionDenied = (): Envelope => ({ code: STORE_CODES.permissionDenied, msg: 'no permission, please ask the store administrator for access' });

/** A success envelope, as store-server answers one. */
export const ok = (data: unknown = null): Envelope => ({ code: STORE_CODES.success, msg: 'success', data });
const tokenInvalid = (): Envelope => ({ code: STORE_CODES.tokenInvalid, msg: 'token expired' });

export interface FakeStoreServer {
  fetch: FetchLike;
  calls: EnvelopeCall[];
  callsTo(pathEnd: string): EnvelopeCall[];
  on(path: string, handler: Handler): void;
  /** Answers that broke their contract (each also failed its call). */
  violations: string[];
}

/**
 * Codes a test may answer on any call: the envelope's own (10301xxx, 99999999), the captcha request that
 * console-spec §8 makes a client-wide reaction (10103003), and codes outside store-server's 10xxxxxx space
 * (another service's failure, for the client's generic handling). Any other store code (10xxxxxx) must be
 * one the call's contract lists: 10102001 for a wrong password is refused.
 */
function mayEndAnyCall(code: string): boolean {
  return isTransportCode(code) || code === STORE_CODES.captchaRequired || !code.startsWith('10');
}

/** Why an answer breaks the contract of its call, or null when the real server could answer it. */
export function contractViolation(contract: AnyEndpoint, answer: Envelope): string | null {
  if (answer.code === STORE_CODES.success) {
    const checked = contract.data.safeParse(answer.data ?? null);
    return checked.success ? null : `${contract.path} answered data outside its contract: ${describeValidationError(checked.error, answer.data ?? null)}`;
  }
  if (endpointAllows(contract, answer.code) || mayEndAnyCall(answer.code)) return null;
  return `${contract.path} never answers code ${answer.code}`;
}

export function createFakeStoreServer(users: FakeUser[] = [DEMO_USER]): FakeStoreServer {
  const calls: EnvelopeCall[] = [];
  const userByToken = (token: string) => users.find((user) => user.token === token);
  const violations: string[] = [];
  const handlers = new Map<string, Handler>([
    [
      authEndpoints.login.path,
      ({ biz }) => {
        const user = users.find((candidate) => candidate.userName === biz.userName);
        if (!user || user.password !== biz.password) return { code: STORE_CODES.wrongCredentials, msg: 'wrong user name or password' };
        return ok({ accessToken: user.token, storeStatus: user.info.storeStatus });
      },
    ],
    [
      authEndpoints.getUserByToken.path,
      ({ biz }) => {
        const user = userByToken(String(biz.token));
        return user ? ok({ ...user.info, accessToken: user.token }) : tokenInvalid();
      },
    ],
    [authEndpoints.logout.path, () => ok()],
    [
      imEndpoints.getCccUserImToken.path,
      ({ accessToken }) => {
        const user = userByToken(accessToken);
        if (!user) return tokenInvalid();
        // Like store-server: the IM identity needs the contract's code (im:chat).
        if (!holds(user, imEndpoints.getCccUserImToken.permission)) return permissionDenied();
        return ok({ uid: `s_${String(user.info.uid)}`, imToken: `im-${user.token}`, appKey: 'merchant-im' });
      },
    ],
  ]);

  /** Idempotent calls' first successful answers by path and key, with the biz they answered (store-server keeps them 24 h). */
  const firstAnswers = new Map<string, { biz: string; answer: Envelope }>();

  /** The contract's checks around a handler, in store-server's order: biz (10100001), the key, then the answer. */
  async function answerThrough(contract: AnyEndpoint | undefined, handler: Handler | undefined, call: EnvelopeCall): Promise<Envelope> {
    if (!handler) return { code: '10404000', msg: `no route ${call.path}` };
    if (!contract) return handler(call);
    const parsed = contract.biz.safeParse(call.biz);
    if (!parsed.success) {
      return { code: STORE_CODES.invalidParameter, msg: describeValidationError(parsed.error, call.biz), errInfo: { ...validationErrInfoOf(parsed.error, call.biz) } };
    }
    const { [IDEMPOTENCY_KEY_FIELD]: key, ...fields } = call.biz;
    const keyed = contract.idempotent ? `${call.path} ${String(key)}` : undefined;
    const first = keyed === undefined ? undefined : firstAnswers.get(keyed);
    if (first) {
      if (first.biz !== JSON.stringify(fields)) return { code: STORE_CODES.alreadyExists, msg: 'this idempotency key was already used for a different request; submit again' };
      return first.answer;
    }
    const answer = await handler(call);
    const violation = contractViolation(contract, answer);
    if (violation) {
      violations.push(violation);
      throw new Error(`fake store-server: ${violation}`);
    }
    if (keyed !== undefined && answer.code === STORE_CODES.success) firstAnswers.set(keyed, { biz: JSON.stringify(fields), answer });
    return answer;
  }

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
    const answer = answerThrough(endpointByPath(path), handler, call);
    const response = await Promise.race([answer, aborted]);
    return { ok: true, status: 200, text: async () => JSON.stringify(response) };
  };

  return {
    fetch,
    calls,
    callsTo: (pathEnd) => calls.filter((call) => call.path.endsWith(pathEnd)),
    on: (path, handler) => handlers.set(path, handler),
    violations,
  };
}

/** What a scripted export job answers to each export/status call, in order (the last one repeats). */
export type FakeExportStep = { state: 1 | 2 | 3 | 4; processed?: number; msg?: string };

/**
 * export/create and export/status (docs/export.md) for one scripted job: create answers a queued job of
 * `total` rows; each status call answers the next step of `script`. `created` holds the create requests.
 */
export function fakeExportJobs(server: FakeStoreServer, total: number, script: FakeExportStep[]) {
  const created: Array<Record<string, unknown>> = [];
  let step = 0;
  const job = (state: number, processed: number, msg = '') => ({
    jobId: 77,
    resource: String(created.at(-1)?.resource ?? 'goods.list'),
    state,
    fileName: `${String(created.at(-1)?.fileName ?? 'export')}.xlsx`,
    processed,
    total,
    progress: state === 3 ? 100 : Math.floor((processed * 100) / Math.max(total, 1)),
    downloadUrl: state === 3 ? 'http://127.0.0.1:3100/v1/store/export/file?jobId=77&expires=1&signature=s' : '',
    msg: state === 4 ? msg || 'export failed, please retry' : '',
    createTime: 1_763_000_000,
    expireTime: 1_763_086_400,
  });
  server.on(exportEndpoints.create.path, ({ biz }) => {
    created.push(biz);
    step = 0;
    return ok(job(1, 0));
  });
  server.on(exportEndpoints.status.path, ({ biz }) => {
    if (biz.jobId !== 77) return { code: STORE_CODES.notFound, msg: 'no such export job' };
    const next = script[Math.min(step, script.length - 1)]!;
    step += 1;
    return ok(job(next.state, next.processed ?? (next.state === 3 ? total : 0), next.msg));
  });
  return { created, statusCalls: () => step };
}
