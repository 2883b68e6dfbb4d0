import { ImTokenError, ResponseCode, verifyImToken, type ImTokenClaims } from '../protocol';
import type { PortRecord } from '../routing/router';
import type { LoginContext, LoginOutcome } from './handler-types';

// The steps login and chatroomLogin share, written once.

export type LoginRefusal = LoginOutcome & { kind: 'refused' };

export const refusal = (code: number, message: string): LoginRefusal => ({ kind: 'refused', code, message });

/**
 * Checks the IM token store-server issued (HMAC, shared key) against the account it is presented
 * with and this app: the claims, or the refusal to answer.
 */
export function verifyLoginToken(ctx: LoginContext, account: string, token: unknown): ImTokenClaims | LoginRefusal {
  let claims: ImTokenClaims;
  try {
    claims = verifyImToken(token, ctx.tokenSecret, Math.floor(ctx.now() / 1000));
  } catch (error) {
    const reason = error instanceof ImTokenError ? error.reason : 'malformed';
    return refusal(ResponseCode.WRONG_CREDENTIALS, reason === 'expired' ? 'token expired' : 'invalid token');
  }
  if (claims.accid !== account || claims.appKey !== ctx.appKey) {
    return refusal(ResponseCode.WRONG_CREDENTIALS, 'token does not match the account');
  }
  return claims;
}

export function isRefusal(value: ImTokenClaims | LoginRefusal): value is LoginRefusal {
  return 'kind' in value && value.kind === 'refused';
}

/** A port of this node for the connection logging in, with a fresh connection id. */
export function newPort(ctx: LoginContext, fields: Omit<PortRecord, 'connectionId' | 'time' | 'nodeId'>): PortRecord {
  return { connectionId: ctx.newConnectionId(), ...fields, time: ctx.now(), nodeId: ctx.router.nodeId };
}

/**
 * Registers the port unless the link went away meanwhile; when it goes away during the
 * registration, the port is removed again, or it would linger. False when the login is abandoned.
 */
export async function registerPort(ctx: LoginContext, port: PortRecord): Promise<boolean> {
  if (ctx.isClosed()) return false;
  await ctx.router.addPort(port);
  if (ctx.isClosed()) {
    await ctx.router.removePort(port);
    return false;
  }
  return true;
}
