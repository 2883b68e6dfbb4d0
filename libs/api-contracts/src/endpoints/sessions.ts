// Issue 26 §3 accountMgmt/accountInfo/detail: the signed-in user's own recent sign-ins (the §7 operation
// log's USER_LOGIN / USER_LOGOUT, with time and device) and live sessions, and "sign out everywhere
// else". Each call reads or changes only the caller's own sessions, so it needs no permission code.
import { z } from 'zod';
import { defineEndpoint, emptyBiz } from '../endpoint';
import { USER_BASE } from './auth';

/** How many of the most recent sign-in events the detail screen shows (our choice; the spec shows none). */
export const RECENT_SIGN_INS_LIMIT = 20;

/** The sign-in events of the §7 operation log the detail screen lists. */
export const SIGN_IN_OPERATION_TYPES = ['USER_LOGIN', 'USER_LOGOUT'] as const;

const epochSeconds = z.number().int().nonnegative();

export const signInRecord = z.strictObject({
  operationType: z.enum(SIGN_IN_OPERATION_TYPES),
  /** When it happened, in seconds (§9). */
  time: epochSeconds,
  /** A short label of the browser and system ('Chrome on Windows'); '' when the client sent none. */
  device: z.string(),
  /** Whether the event belongs to the session making this call. */
  current: z.boolean(),
});

export const activeSession = z.strictObject({
  sessionId: z.number().int().positive(),
  device: z.string(),
  signedInAt: epochSeconds,
  expiresAt: epochSeconds,
  /** The session making this call (never signed out by signOutOtherSessions). */
  current: z.boolean(),
});

export const sessionEndpoints = {
  querySignInRecords: defineEndpoint({
    path: `${USER_BASE}/querySignInRecords`,
    access: 'user',
    summary: "The caller's own most recent sign-ins and sign-outs (newest first)",
    biz: emptyBiz,
    data: z.strictObject({ list: z.array(signInRecord).max(RECENT_SIGN_INS_LIMIT) }),
  }),
  queryActiveSessions: defineEndpoint({
    path: `${USER_BASE}/queryActiveSessions`,
    access: 'user',
    summary: "The caller's own sessions that are signed in now (newest first)",
    biz: emptyBiz,
    data: z.strictObject({ list: z.array(activeSession) }),
  }),
  signOutOtherSessions: defineEndpoint({
    path: `${USER_BASE}/signOutOtherSessions`,
    access: 'user',
    summary: "Sign out every session of the caller except this one (repeating it signs out nothing more)",
    biz: emptyBiz,
    data: z.strictObject({ signedOut: z.number().int().nonnegative() }),
  }),
} as const;
