// Issue 26 §4: the server enforces every permission code. A store call (a contract with access 'user')
// carries its area's code (docs/permissions.md "Enforcement"); the calls below carry none, each for the
// reason given. route-permissions.int.spec.ts fails for a user call that has no code and is not listed
// here, and for a listed call that has gained a code (the list would be stale).
import {
  accountEndpoints,
  commonEndpoints,
  exportEndpoints,
  payEndpoints,
  savedViewEndpoints,
  sessionEndpoints,
} from '@merchant/api-contracts';

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
export const NON_ENVELOPE_ROUTES: Readonly<Record<string, string>> = {};
