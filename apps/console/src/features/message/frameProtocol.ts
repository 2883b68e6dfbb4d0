// The console's side of the console ⇄ frame bridge (contract 0001): the frame URL the console builds,
// posting to the frame at its own origin, and reading what the frame posts back from that origin
// only. The messages themselves are declared once, for both apps, in @merchant/api-contracts.
import {
  IM_ACCOUNT_PATTERN,
  parseFrameToConsoleMessage,
  type ConsoleToFrameMessage,
  type FrameToConsoleMessage,
} from '@merchant/api-contracts';

/** §2: the message route embeds the chat frame at this height. */
export const FRAME_HEIGHT_PX = 750;
export { MESSAGE_PATH } from './messagePath';

/** The account as the frame accepts it (trimmed), or null when it cannot be an IM account. */
export function normaliseImAccount(account: unknown): string | null {
  if (typeof account !== 'string') return null;
  const trimmed = account.trim();
  return IM_ACCOUNT_PATTERN.test(trimmed) ? trimmed : null;
}

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

/** The frame message carried by a postMessage event, or null when it must be ignored. */
export function readFrameMessage(event: { origin: string; data: unknown }, frameOrigin: string | null): FrameToConsoleMessage | null {
  if (!frameOrigin || event.origin !== frameOrigin) return null;
  return parseFrameToConsoleMessage(event.data);
}
