import { ImTokenError, KickReason, ResponseCode, verifyImToken, type DecodedFrame, type RequestBodyOf, type CommandTable } from '../protocol';
import { ACCOUNT_PATTERN } from '../domain/msg/limits';
import type { PortRecord } from '../routing/router';
import { CloseCode } from './client-link';
import type { GatewayConnection } from './connection';
import type { ImGateway } from './gateway';
import { loginPortRecord, userRecord } from './records';

type LoginBody = RequestBodyOf<CommandTable['login']>;

/** Refused logins close the link this long after the answer, so the client can read it first. */
const CLOSE_AFTER_REFUSAL_MS = 100;

/**
 * login: verifies the store-server-issued token (HMAC, shared key), creates the account from its
 * claims on first login, kicks an older socket of the same platform (reason samePlatform), then
 * answers the connection id and the account's other ports and tells those ports (multiPortLogin).
 */
export async function logIn(connection: GatewayConnection, gateway: ImGateway, frame: DecodedFrame): Promise<void> {
  const body = frame.body as LoginBody;
  connection.state = 'loggingIn';
  const refuse = (code: number, message: string) => {
    connection.respondError(frame, code, message);
    connection.state = 'awaitingLogin';
    setTimeout(() => connection.close(CloseCode.LOGIN_FAILED, message), CLOSE_AFTER_REFUSAL_MS).unref();
  };

  if (body.appKey !== gateway.options.appKey) return refuse(ResponseCode.WRONG_CREDENTIALS, 'unknown app key');
  if (typeof body.account !== 'string' || !ACCOUNT_PATTERN.test(body.account)) {
    return refuse(ResponseCode.WRONG_CREDENTIALS, 'bad account');
  }
  let claims;
  try {
    claims = verifyImToken(body.token, gateway.options.tokenSecret, Math.floor(gateway.now() / 1000));
  } catch (error) {
    const reason = error instanceof ImTokenError ? error.reason : 'malformed';
    return refuse(ResponseCode.WRONG_CREDENTIALS, reason === 'expired' ? 'token expired' : 'invalid token');
  }
  if (claims.accid !== body.account || claims.appKey !== gateway.options.appKey) {
    return refuse(ResponseCode.WRONG_CREDENTIALS, 'token does not match the account');
  }

  const user = await gateway.services.users.ensureFromClaims(claims, gateway.now());
  const port: PortRecord = {
    connectionId: connection.newConnectionId(),
    account: body.account,
    type: body.clientType ?? 0,
    customClientType: body.customClientType ?? 0,
    deviceId: body.deviceId ?? '',
    os: body.os ?? '',
    time: gateway.now(),
    nodeId: gateway.router.nodeId,
  };

  const existing = await gateway.router.listPorts(port.account);
  const samePlatform = existing.filter((p) => p.type === port.type);
  if (samePlatform.length > 0) {
    await gateway.router.publish(port.account, {
      kind: 'kick',
      connectionIds: samePlatform.map((p) => p.connectionId),
      reason: KickReason.samePlatform,
      byClientType: port.type,
    });
  }
  if (connection.isClosed()) return;
  await gateway.router.addPort(port);
  if (connection.isClosed()) {
    // The socket went away while we registered it: undo, or the port would linger.
    await gateway.router.removePort(port);
    return;
  }
  connection.port = port;
  connection.nick = user.nick;
  connection.state = 'loggedIn';
  gateway.connectionLoggedIn(connection);

  const otherPorts = existing.filter((p) => p.type !== port.type);
  connection.respond(frame, ResponseCode.OK, {
    connectionId: port.connectionId,
    loginPorts: otherPorts.map(loginPortRecord),
    serverTime: gateway.now(),
    user: userRecord(user),
  });
  await gateway.router.publish(port.account, {
    kind: 'push',
    command: 'multiPortLogin',
    body: { state: 'login', ports: [loginPortRecord(port)] },
    exceptConnectionId: port.connectionId,
  });
}
