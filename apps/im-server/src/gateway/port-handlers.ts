import { KickReason } from '../protocol';
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
