import { ImError, ImErrorName } from '../errors';

// Push settings (im-client-spec §3 "Push setting (multi-port)", §7 user "push token, background"):
// updatePushToken, appBackground, updatePushConfig. Written once: the client checks them before
// sending, im-server checks the same functions on what arrives (414, nothing changed). The spec
// names the fields, not their bounds; the bounds below are ours (docs/protocol.md "Push settings").

/** tokenName names the vendor channel (apns, fcm, hms, ...): 1–64 characters. */
export const PUSH_TOKEN_NAME_MAX_LENGTH = 64;
/** A vendor device token: 1–512 characters (APNs 64 hex, FCM about 160, HMS about 130). */
export const PUSH_TOKEN_MAX_LENGTH = 512;
/** The app's icon badge: a whole number 0–99999. */
export const PUSH_BADGE_MAX = 99_999;

/**
 * Client types of a desktop port (PC 4, web 16, Mac 64): while one is online the account's phones get
 * no offline push unless shouldPushNotificationWhenPCOnline is true (§3 "Push setting (multi-port)").
 */
export const DESKTOP_CLIENT_TYPES: ReadonlySet<number> = new Set([4, 16, 64]);

export interface PushTokenInput {
  tokenName: string;
  token: string;
  /** iOS: the token is a PushKit (VoIP) token. */
  pushkit?: boolean;
}

export interface PushConfig {
  shouldPushNotificationWhenPCOnline: boolean;
}

const boundedString = (value: unknown, max: number): boolean => typeof value === 'string' && value.length > 0 && value.length <= max && value.trim() === value;

export function pushTokenProblem(input: { tokenName?: unknown; token?: unknown; pushkit?: unknown }): string | undefined {
  if (!boundedString(input.tokenName, PUSH_TOKEN_NAME_MAX_LENGTH)) return `tokenName must be 1 to ${PUSH_TOKEN_NAME_MAX_LENGTH} characters without surrounding spaces`;
  if (!boundedString(input.token, PUSH_TOKEN_MAX_LENGTH)) return `token must be 1 to ${PUSH_TOKEN_MAX_LENGTH} characters without surrounding spaces`;
  if (input.pushkit !== undefined && typeof input.pushkit !== 'boolean') return 'pushkit must be a boolean';
  return undefined;
}

export function appBackgroundProblem(input: { isBackground?: unknown; badge?: unknown }): string | undefined {
  if (typeof input.isBackground !== 'boolean') return 'isBackground must be a boolean';
  if (input.badge !== undefined && !(Number.isInteger(input.badge) && (input.badge as number) >= 0 && (input.badge as number) <= PUSH_BADGE_MAX)) {
    return `badge must be a whole number from 0 to ${PUSH_BADGE_MAX}`;
  }
  return undefined;
}

export function pushConfigProblem(input: { shouldPushNotificationWhenPCOnline?: unknown }): string | undefined {
  if (typeof input.shouldPushNotificationWhenPCOnline !== 'boolean') return 'shouldPushNotificationWhenPCOnline must be a boolean';
  return undefined;
}

const raise = (problem: string | undefined): void => {
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: 414 });
};

export function validatePushToken(input: PushTokenInput): PushTokenInput {
  raise(pushTokenProblem(input ?? {}));
  return input;
}

export function validateAppBackground(isBackground: boolean, badge: number): void {
  raise(appBackgroundProblem({ isBackground, badge }));
}

export function validatePushConfig(input: PushConfig): PushConfig {
  raise(pushConfigProblem(input ?? {}));
  return input;
}
