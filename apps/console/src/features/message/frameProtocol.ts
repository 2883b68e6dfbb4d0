// Console ⇄ frame messages (contract 0001): the frame URL the console builds, and the checks on
// what the frame posts back. Only messages from the frame's own origin are accepted.

export const FRAME_MESSAGE_SOURCE = 'merchant-im-frame';
/** §2: the message route embeds the chat frame at this height. */
export const FRAME_HEIGHT_PX = 750;
export { MESSAGE_PATH } from './messagePath';

export interface NewMessagePayload {
  sessionId: string;
  from: string;
  fromNick: string;
  text: string;
  time: number;
}

export type FrameMessage =
  | { type: 'ready'; payload: { account: string } }
  | { type: 'newMessage'; payload: NewMessagePayload }
  | { type: 'unread'; payload: { total: number } }
  /** The frame needs a fresh IM token (expired or refused at login); answered by token/tokenError. */
  | { type: 'tokenRequest'; payload: { requestId: string } };

/** Console → frame messages carry this source (contract 0001). */
export const CONSOLE_MESSAGE_SOURCE = 'merchant-console';

export type ConsoleToFrameMessage =
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'visibility'; payload: { visible: boolean } }
  /** The console's language changed: the frame switches in place instead of reloading. */
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'language'; payload: { lang: string } }
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'token'; payload: { requestId: string; account: string; token: string } }
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'tokenError'; payload: { requestId: string; reason: string } }
  /** "Chat with buyer": the frame opens (or starts) the conversation with this IM account. */
  | { source: typeof CONSOLE_MESSAGE_SOURCE; type: 'openConversation'; payload: { account: string } };

export const visibilityMessage = (visible: boolean): ConsoleToFrameMessage => ({
  source: CONSOLE_MESSAGE_SOURCE,
  type: 'visibility',
  payload: { visible },
});

export const languageMessage = (lang: string): ConsoleToFrameMessage => ({ source: CONSOLE_MESSAGE_SOURCE, type: 'language', payload: { lang } });

export const tokenMessage = (requestId: string, account: string, token: string): ConsoleToFrameMessage => ({
  source: CONSOLE_MESSAGE_SOURCE,
  type: 'token',
  payload: { requestId, account, token },
});

export const tokenErrorMessage = (requestId: string, reason: string): ConsoleToFrameMessage => ({
  source: CONSOLE_MESSAGE_SOURCE,
  type: 'tokenError',
  payload: { requestId, reason },
});

/** IM accounts are at most this long (im-server's account rule); longer text is not an account. */
export const MAX_IM_ACCOUNT_LENGTH = 64;

/** The account as the frame expects it, or null when it cannot be one (empty, too long). */
export function normaliseImAccount(account: unknown): string | null {
  if (typeof account !== 'string') return null;
  const trimmed = account.trim();
  return trimmed !== '' && trimmed.length <= MAX_IM_ACCOUNT_LENGTH ? trimmed : null;
}

export const openConversationMessage = (account: string): ConsoleToFrameMessage => ({
  source: CONSOLE_MESSAGE_SOURCE,
  type: 'openConversation',
  payload: { account },
});

/**
 * Posts to the frame at its own origin only; nothing is sent when that origin or the frame window
 * is unknown. Returns whether it was posted.
 */
export function postToFrame(target: Pick<Window, 'postMessage'> | null | undefined, frameOrigin: string | null, message: ConsoleToFrameMessage): boolean {
  if (!target || !frameOrigin) return false;
  try {
    target.postMessage(message, frameOrigin);
    return true;
  } catch (_error) {
    return false;
  }
}

/**
 * Tells the frame whether the merchant can see it: the console hides it with display:none off
 * /message, which the frame's document.visibilityState does not show.
 */
export function postVisibility(target: Pick<Window, 'postMessage'> | null | undefined, frameOrigin: string | null, visible: boolean): boolean {
  return postToFrame(target, frameOrigin, visibilityMessage(visible));
}

export interface FrameUrlParams {
  account: string;
  token: string;
  avatar: string;
  storeName: string;
  lang: string;
}

export function buildFrameUrl(imFrameUrl: string, params: FrameUrlParams): string {
  const query = new URLSearchParams({
    account: params.account,
    token: params.token,
    avatar: params.avatar,
    storeName: params.storeName,
    lang: params.lang,
  });
  return `${imFrameUrl.replace(/\/+$/, '')}/?${query.toString()}`;
}

export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch (_error) {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The frame message carried by a postMessage event, or null when it must be ignored. */
export function readFrameMessage(event: { origin: string; data: unknown }, frameOrigin: string | null): FrameMessage | null {
  if (!frameOrigin || event.origin !== frameOrigin) return null;
  const data = event.data;
  if (!isRecord(data) || data.source !== FRAME_MESSAGE_SOURCE || !isRecord(data.payload)) return null;
  const payload = data.payload;
  switch (data.type) {
    case 'ready':
      return typeof payload.account === 'string' ? { type: 'ready', payload: { account: payload.account } } : null;
    case 'unread':
      return typeof payload.total === 'number' && Number.isFinite(payload.total) && payload.total >= 0
        ? { type: 'unread', payload: { total: payload.total } }
        : null;
    case 'tokenRequest':
      return typeof payload.requestId === 'string' && payload.requestId !== '' && payload.requestId.length <= 100
        ? { type: 'tokenRequest', payload: { requestId: payload.requestId } }
        : null;
    case 'newMessage':
      return typeof payload.sessionId === 'string' && typeof payload.from === 'string'
        ? {
            type: 'newMessage',
            payload: {
              sessionId: payload.sessionId,
              from: payload.from,
              fromNick: typeof payload.fromNick === 'string' ? payload.fromNick : payload.from,
              text: typeof payload.text === 'string' ? payload.text : '',
              time: typeof payload.time === 'number' ? payload.time : 0,
            },
          }
        : null;
    default:
      return null;
  }
}
