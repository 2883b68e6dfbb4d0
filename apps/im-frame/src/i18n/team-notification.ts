// The sentence of a team notification: a type-5 message im-server writes on a team change, whose attach
// is JSON {type, teamId, from, ...} (apps/im-server/src/domain/team/team-change.ts). Everything in it is
// shown as text; an attach the frame does not understand falls back to the "[Notification]" label.
import type { TFunction } from 'i18next';
import type { ChatMessage } from '../chat/chat-client';

/** The team mute types of im-client-spec §3 on the wire (0 none, 1 normal members, 3 everyone). */
const MUTE_NONE = 0;

type Attach = Record<string, unknown>;

function parseAttach(attach: string | undefined): Attach | undefined {
  if (!attach) return undefined;
  try {
    const value: unknown = JSON.parse(attach);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Attach) : undefined;
  } catch {
    return undefined;
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * "Alice invited Bob", "Alice left the team", … for a team notification; undefined when the attach
 * names no change the frame knows. `nameOf` turns an account into what to show (default: the account).
 */
export function teamNotificationText(
  message: Pick<ChatMessage, 'from' | 'fromNick' | 'attach'>,
  t: TFunction,
  nameOf: (account: string) => string = (account) => account,
): string | undefined {
  const attach = parseAttach(message.attach);
  const type = str(attach?.type);
  if (!attach || !type) return undefined;
  const actorAccount = str(attach.from) ?? message.from;
  const actor = actorAccount === message.from && message.fromNick ? message.fromNick : nameOf(actorAccount);
  const account = str(attach.account) ? nameOf(attach.account as string) : undefined;
  const list = Array.isArray(attach.accounts) ? attach.accounts.filter((a): a is string => typeof a === 'string' && a !== '') : [];
  const accounts = list.map(nameOf).join(t('teamNotification.separator'));
  switch (type) {
    case 'createTeam':
    case 'leaveTeam':
    case 'dismissTeam':
    case 'updateTeam':
      return t(`teamNotification.${type}`, { actor });
    case 'addTeamMembers':
    case 'removeTeamMembers':
    case 'addTeamManagers':
    case 'removeTeamManagers':
      return accounts ? t(`teamNotification.${type}`, { actor, accounts }) : undefined;
    case 'passTeamApply':
    case 'acceptTeamInvite':
      return account ? t(`teamNotification.${type}`, { account }) : undefined;
    case 'transferTeam':
      return account ? t(attach.leave === true ? 'teamNotification.transferTeamAndLeave' : 'teamNotification.transferTeam', { actor, account }) : undefined;
    case 'updateTeamMute':
      return t(attach.muteType === MUTE_NONE ? 'teamNotification.unmuteTeam' : 'teamNotification.muteTeam', { actor });
    case 'updateTeamMemberMute':
      return account ? t(attach.mute === true ? 'teamNotification.muteMember' : 'teamNotification.unmuteMember', { actor, account }) : undefined;
    default:
      return undefined;
  }
}
