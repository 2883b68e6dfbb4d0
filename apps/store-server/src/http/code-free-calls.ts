// Issue 26 §4: the server enforces every permission code. A store call (a contract with access 'user')
// carries its area's code (docs/permissions.md "Enforcement"); the calls below carry none, each for the
// reason given. route-permissions.int.spec.ts fails for a user call that has no code and is not listed
// here, and for a listed call that has gained a code (the list would be stale).
import {
  accountEndpoints,
  commonEndpoints,
  EXPORT_DOWNLOAD_PATH,
  exportEndpoints,
  payEndpoints,
  savedViewEndpoints,
  sessionEndpoints,
  STORE_EVENT_STREAM_PATH,
} from '@merchant/api-contracts';
import { MEDIA_OBJECT_PATH, MEDIA_UPLOAD_ACTION_PATH } from '@merchant/media-library';
import { SESSION_PATHS } from '@merchant/secure-transport';
import { OPENAPI_PATH } from './openapi';
import { SANDBOX_CALLBACK_PATH, SANDBOX_PROVIDER_PATH } from '../modules/sandbox-provider';

const OWN_SESSIONS = "reads or ends only the caller's own sessions and sign-ins (docs/merchant-centre.md §3)";
const OWN_VIEWS = "a user reads and changes only their own saved views (the query filters by the caller's user id)";
const OWN_PAY_PASSWORD =
  "the pay password belongs to the caller's own account; the sensitive call that asks for the check carries its own code";
const EXPORT_KIND =
  "checked per export kind in the exports service: create needs the exported list's code (orders: order:export), status the code of the job's kind";

/** Store calls without a permission code, by path, with the reason. */
export const CODE_FREE_CALLS: Readonly<Record<string, string>> = {
  [accountEndpoints.updatePasswordByToken.path]: "changes the caller's own sign-in password, after the old one",
  [payEndpoints.isSetPayPassword.path]: OWN_PAY_PASSWORD,
  [payEndpoints.sendCheckPayPasswordCheckCode.path]: OWN_PAY_PASSWORD,
  [payEndpoints.checkPayPassword.path]: `${OWN_PAY_PASSWORD}; it only stamps the caller's own session`,
  [commonEndpoints.asyncTask.path]: 'console-spec §4 polling of a task by the id its starting call answered; the starting call checked its code',
  [savedViewEndpoints.list.path]: OWN_VIEWS,
  [savedViewEndpoints.save.path]: OWN_VIEWS,
  [savedViewEndpoints.delete.path]: OWN_VIEWS,
  [exportEndpoints.create.path]: EXPORT_KIND,
  [exportEndpoints.status.path]: EXPORT_KIND,
  [sessionEndpoints.querySignInRecords.path]: OWN_SESSIONS,
  [sessionEndpoints.queryActiveSessions.path]: OWN_SESSIONS,
  [sessionEndpoints.signOutOtherSessions.path]: OWN_SESSIONS,
};

/**
 * Routes outside the store envelope, so no store token and no code: each is authorised by something
 * else, named here. Every other route registered by store-server is a contract's call.
 */
export interface NonEnvelopeRoute {
  /** The path as registered; with `prefix`, every path that starts with it. */
  path: string;
  prefix?: true;
  reason: string;
}

export const NON_ENVELOPE_ROUTES: readonly NonEnvelopeRoute[] = [
  ...Object.values(SESSION_PATHS).map((path) => ({ path, reason: 'secure-transport session set-up, before any sign-in' })),
  { path: '/healthz', reason: 'health check for the process supervisor; answers no store data' },
  { path: OPENAPI_PATH, reason: 'the generated API document; answers no store data' },
  { path: '/__test__/', prefix: true, reason: 'test hooks: registered only with ENABLE_TEST_HOOKS outside production' },
  { path: '*', reason: 'CORS preflight (OPTIONS)' },
  { path: EXPORT_DOWNLOAD_PATH, reason: "signed, expiring link answered by export/status, which checks the export kind's code" },
  { path: STORE_EVENT_STREAM_PATH, reason: 'one-use ticket from createEventStreamTicket, which needs order:view' },
  { path: MEDIA_UPLOAD_ACTION_PATH, reason: 'signed upload policy answered by verifyObjectMd5ByPath, which needs media:upload' },
  { path: MEDIA_OBJECT_PATH, reason: 'signed, expiring file link answered by calls that checked their code' },
  { path: '/operator/', prefix: true, reason: "the platform operator's decisions: the operator key (x-operator-key), never a store token" },
  { path: '/buyer/', prefix: true, reason: 'the buyer side (docs/orders.md): the buyer key (x-buyer-key), never a store token' },
  { path: `${SANDBOX_PROVIDER_PATH}/`, prefix: true, reason: "the sandbox payment provider (docs/ledger.md): requests signed with the provider's secret, never a store token" },
  { path: SANDBOX_CALLBACK_PATH, reason: "the provider's callbacks: HMAC-signed with the provider's secret and replay-checked, never a store token" },
];

/** The listed reason for a route outside the envelope, or undefined. */
export function nonEnvelopeReason(path: string): string | undefined {
  return NON_ENVELOPE_ROUTES.find((route) => (route.prefix ? path.startsWith(route.path) : path === route.path))?.reason;
}
