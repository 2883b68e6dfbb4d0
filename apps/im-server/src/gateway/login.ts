import { KickReason, ResponseCode, type CommandTable, type ProtocolRecord, type RequestBodyOf } from '../protocol';
import { ACCOUNT_PATTERN } from '../domain/msg/limits';
import type { LoginContext, LoginOutcome } from './handler-types';
import { isRefusal, newPort, refusal, registerPort, verifyLoginToken } from './login-steps';
import { loginPortRecord, userRecord } from './records';

type LoginBody = RequestBodyOf<CommandTable['login']>;

/**
 * The oldest protocol version this server speaks (the login body's protocolVersion, which im-core
 * sends as PROTOCOL_VERSION). A client below it, or one that sends none, is refused with 201
 * "client version too old" (im-client-spec §8) before its token is even looked at.
 */
export const MIN_CLIENT_PROTOCOL_VERSION = 1;

/**
 * login: verifies the store-server-issued token (HMAC, shared key), creates the account from its
 * claims on first login, kicks an older socket of the same platform (reason samePlatform), then
 * answers the connection id and the account's other ports and tells those ports (multiPortLogin).
 */
export async function logIn(ctx: LoginContext, frameBody: ProtocolRecord): Promise<LoginOutcome> {
  const body = frameBody as LoginBody;
  if (body.appKey !== ctx.appKey) return refusal(ResponseCode.WRONG_CREDENTIALS, 'unknown app key');
  if (typeof body.account !== 'string' || !ACCOUNT_PATTERN.test(body.account)) {
    return refusal(ResponseCode.WRONG_CREDENTIALS, 'bad account');
  }
  if (typeof body.protocolVersion !== 'number' || body.protocolVersion < MIN_CLIENT_PROTOCOL_VERSION) {
    return refusal(ResponseCode.CLIENT_VERSION_TOO_OLD, `client version too old: protocol ${body.protocolVersion ?? 'none'} < ${MIN_CLIENT_PROTOCOL_VERSION}`);
  }
  const claims = verifyLoginToken(ctx, body.account, body.token);
  if (isRefusal(claims)) return claims;
  // store-server says so in the token it issues (a store with status 4, a removed staff account).
  if (claims.disabled === true) return refusal(ResponseCode.ACCOUNT_DISABLED, 'account disabled');

  const user = await ctx.services.users.ensureFromClaims(claims, ctx.now());
  const port = newPort(ctx, {
    account: body.account,
    type: body.clientType ?? 0,
    customClientType: body.customClientType ?? 0,
    deviceId: body.deviceId ?? '',
    os: body.os ?? '',
  });

  const existing = await ctx.router.listPorts(port.account);
  const samePlatform = existing.filter((p) => p.type === port.type);
  if (samePlatform.length > 0) {
    await ctx.router.publish(port.account, {
      kind: 'kick',
      connectionIds: samePlatform.map((p) => p.connectionId),
      reason: KickReason.samePlatform,
      byClientType: port.type,
    });
  }
  if (!(await registerPort(ctx, port))) return { kind: 'abandoned' };

  const otherPorts = existing.filter((p) => p.type !== port.type);
  return {
    kind: 'loggedIn',
    port,
    nick: user.nick,
    answer: async () => ({
      connectionId: port.connectionId,
      loginPorts: otherPorts.map(loginPortRecord),
      serverTime: ctx.now(),
      user: userRecord(user),
    }),
    announce: () =>
      ctx.router.publish(port.account, {
        kind: 'push',
        command: 'multiPortLogin',
        body: { state: 'login', ports: [loginPortRecord(port)] },
        exceptConnectionId: port.connectionId,
      }),
  };
}
