import { KickReason } from '../protocol';
import type { Router } from '../routing/router';
import type { CommandHandlers } from './handler-types';

/**
 * Multi-port commands (im-client-spec §7 auth "kick"; issue 31). `kick` names other ports of the
 * caller's own account by connection id (im-core's `ImClient.kick`) or by device id (NIM's form);
 * each is told reason otherPlatform (3) and closed, on whichever node holds it. Only the caller's
 * own ports are looked at, so an id of another account, an unknown id or the caller's own
 * connection is ignored (the spec names no refusal); the answer lists what was kicked.
 */
export const PORT_HANDLERS: Pick<CommandHandlers, 'kick'> = {
  kick: async (ctx, body) => {
    const deviceIds = new Set(body.deviceIds ?? []);
    const connectionIds = new Set(body.connectionIds ?? []);
    const ports = await ctx.listPorts();
    const targets = ports.filter((p) => p.connectionId !== ctx.port.connectionId && (connectionIds.has(p.connectionId) || deviceIds.has(p.deviceId)));
    if (targets.length > 0) {
      await ctx.publish(ctx.port.account, {
        kind: 'kick',
        connectionIds: targets.map((p) => p.connectionId),
        reason: KickReason.otherPlatform,
        byClientType: ctx.port.type,
      });
    }
    return { deviceIds: [...new Set(targets.map((p) => p.deviceId))], connectionIds: targets.map((p) => p.connectionId) };
  },
};

/**
 * The operator's kick (`im-server-operator kick`; issue 31): every port of the account, or the one
 * named, is told reason serverKick (2) and closed on whichever node holds it; like the other reasons
 * but silentlyKick it stops the client's reconnecting (im-client-spec §4). Answers the connection
 * ids kicked; undefined when a named port is not one of the account's.
 */
export async function kickByOperator(router: Router, account: string, connectionId?: string): Promise<string[] | undefined> {
  const ports = (await router.listPorts(account)).filter((p) => connectionId === undefined || p.connectionId === connectionId);
  if (connectionId !== undefined && ports.length === 0) return undefined;
  if (ports.length > 0) {
    await router.publish(account, { kind: 'kick', connectionIds: ports.map((p) => p.connectionId), reason: KickReason.serverKick, byClientType: 0 });
  }
  return ports.map((p) => p.connectionId);
}
