import type { CommandHandlers } from './handler-types';

/**
 * Push settings (issue 31; docs/protocol.md "Push settings"): the device's token, this connection's
 * background state, and the account's multi-port setting, which the account's other ports on every
 * node hear at once (syncPushConfig) and a later sync carries (the pushConfig change number).
 */
export const PUSH_HANDLERS: CommandHandlers = {
  updatePushToken: async (ctx, body) => {
    await ctx.services.push.updateToken(ctx.port, body);
    return {};
  },

  appBackground: async (ctx, body) => {
    await ctx.services.push.setBackground(ctx.port, body);
    return {};
  },

  updatePushConfig: async (ctx, body) => {
    await ctx.services.push.updateConfig(ctx.port.account, body);
    const shouldPushNotificationWhenPCOnline = body.shouldPushNotificationWhenPCOnline === true;
    ctx.afterResponse(() =>
      ctx.publish(ctx.port.account, {
        kind: 'push',
        command: 'syncPushConfig',
        body: { shouldPushNotificationWhenPCOnline },
        exceptConnectionId: ctx.port.connectionId,
      }),
    );
    return {};
  },
};
