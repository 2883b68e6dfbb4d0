import { DESKTOP_CLIENT_TYPES, messageTypeOfCode, MessageTypeCode } from '../../protocol';

// The offline-push decision (docs/protocol.md "Push settings"), kept apart from the database so
// its rules read in one place and are tested without one (push-decision.spec.ts).

/** An online port of the receiving account, as the router lists it. */
export interface OnlinePort {
  connectionId: string;
  type: number;
}

/** A device of the receiving account as im_push_device keeps it. */
export interface PushDevice {
  deviceId: string;
  tokenName: string;
  token: string;
  pushkit: boolean;
  /** The connection of this device that said it is in the background, if any. */
  backgroundConnectionId: string | null;
}

/**
 * The devices one new message is pushed to: none while the account is looked at somewhere — a
 * non-desktop port in the foreground, or (unless `pushWhenPcOnline`) any desktop port (PC, web,
 * Mac) online; otherwise every device with a token, whether offline or online in the background.
 */
export function devicesToNotify(ports: readonly OnlinePort[], devices: readonly PushDevice[], pushWhenPcOnline: boolean): PushDevice[] {
  const withToken = devices.filter((d) => d.token !== '');
  if (withToken.length === 0) return [];
  const background = new Set(devices.flatMap((d) => (d.backgroundConnectionId ? [d.backgroundConnectionId] : [])));
  for (const port of ports) {
    if (DESKTOP_CLIENT_TYPES.has(port.type)) {
      if (!pushWhenPcOnline) return [];
      continue;
    }
    if (!background.has(port.connectionId)) return [];
  }
  return withToken;
}

/** What the sender asked of the push (sendMsg fields, im-client-spec §3 "Push and policy"). */
export interface PushRequest {
  pushContent?: string;
  pushPayload?: string;
  needPushNick?: boolean;
  isPushable?: boolean;
}

/** Longest default body taken from a text message (the relay may cut it further for its vendor). */
export const PUSH_BODY_MAX_LENGTH = 100;

/**
 * Title and body of the notification: the sender's nick as title unless needPushNick is false; the
 * sender's pushContent, else the text of a text message, else the type in brackets ("[image]"),
 * which a relay may replace with its own localized label by msg_type.
 */
export function notificationText(
  message: { type: number; text: string; from: string; fromNick: string },
  request: PushRequest,
): { title: string; body: string; payload: string } {
  const title = request.needPushNick === false ? '' : message.fromNick || message.from;
  let body: string;
  if (request.pushContent) body = request.pushContent;
  else if (message.type === MessageTypeCode.text) body = message.text.slice(0, PUSH_BODY_MAX_LENGTH);
  else body = `[${messageTypeOfCode(message.type) ?? 'message'}]`;
  return { title, body, payload: request.pushPayload ?? '' };
}
