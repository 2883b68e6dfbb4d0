// Which conversations can be muted from the list (issue 32 §9): a customer's, through the mutelist
// (im-client-spec §3 relation record; kept on im-server, synced to the other devices). A team's
// notifications are the team's own setting (its member muteNotiType), not offered here.
import { P2P_SESSION_PREFIX, accountOfSessionId } from '../chat/chat-client';

/** The customer account a p2p session's mute applies to; undefined for a team session. */
export function sessionMuteTarget(sessionId: string): string | undefined {
  return sessionId.startsWith(P2P_SESSION_PREFIX) ? accountOfSessionId(sessionId) : undefined;
}
