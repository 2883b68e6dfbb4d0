// Converts im-core entities into the frame's ChatMessage/ChatSession and reads the local cache.
import { parseSessionId, type ImMessage, type ImSession, type ImTeam, type ImUser, type Store } from '@merchant/im-core';
import { isTeamSessionId, sendTargetOf, type ChatMessage, type ChatMessageRef, type ChatSession, type CustomerProfile, type CustomerSummary } from './chat-client';

/** im-client-spec §5: session listing defaults to 100. */
export const SESSION_LIST_LIMIT = 100;

export function toChatMessage(message: ImMessage): ChatMessage {
  return {
    idClient: message.idClient,
    idServer: message.idServer,
    sessionId: message.sessionId,
    from: message.from,
    to: message.to,
    fromNick: message.fromNick,
    type: message.type,
    text: message.text ?? message.tip ?? '',
    ...(message.file ? { file: { url: message.file.url, name: message.file.name, ext: message.file.ext, size: message.file.size, w: message.file.w, h: message.file.h, dur: message.file.dur } } : {}),
    ...(message.type === 'custom' && (message.attach ?? message.custom) ? { attach: message.attach ?? message.custom } : {}),
    // A team notification's attach names the change (i18n/team-notification.ts).
    ...(message.type === 'notification' && message.attach ? { attach: message.attach } : {}),
    // A call record's attach is the call's channel, kind, outcome and length (calls/call-record-text.ts).
    ...(message.type === 'g2' && message.attach ? { attach: message.attach } : {}),
    time: message.time,
    flow: message.flow,
    status: message.status,
    ...replyRefsOf(message),
    ...(message.isForcePush ? { forcePush: true } : {}),
    ...antispamOf(message),
    ...(message.sendError ? { refusedCode: message.sendError.code } : {}),
    ...(message.recalled ? { recalled: { by: message.recalled.by, time: message.recalled.time } } : {}),
    ...(message.needMsgReceipt ? { needReceipt: true } : {}),
  };
}

/** The anti-spam verdict in yidunAntiSpamRes (docs/im-background.md "Anti-spam filter"): 2 rejected, 1 filtered, 3 review. */
function antispamOf(message: ImMessage): Pick<ChatMessage, 'antispam'> {
  if (!message.yidunAntiSpamRes) return {};
  try {
    const { result } = JSON.parse(message.yidunAntiSpamRes) as { result?: unknown };
    const antispam = result === 2 ? 'rejected' : result === 1 ? 'filtered' : result === 3 ? 'review' : undefined;
    return antispam ? { antispam } : {};
  } catch {
    return {};
  }
}

/** The reply and thread fields as refs; a message that answers nothing has neither. */
function replyRefsOf(message: ImMessage): Pick<ChatMessage, 'replyTo' | 'thread'> {
  const ref = (from: string | undefined, to: string | undefined, time: number | undefined, idServer: string | undefined, idClient: string | undefined): ChatMessageRef | undefined => {
    if (!idServer && !idClient) return undefined;
    return { from: from ?? '', ...(to ? { to } : {}), ...(time !== undefined ? { time } : {}), ...(idServer ? { idServer } : {}), ...(idClient ? { idClient } : {}) };
  };
  const replyTo = ref(message.replyMsgFromAccount, message.replyMsgToAccount, message.replyMsgTime, message.replyMsgIdServer, message.replyMsgIdClient);
  if (!replyTo) return {};
  const thread = ref(message.threadMsgFromAccount, message.threadMsgToAccount, message.threadMsgTime, message.threadMsgIdServer, message.threadMsgIdClient);
  return { replyTo, ...(thread ? { thread } : {}) };
}

export function toChatSession(session: ImSession, peer?: Pick<ImUser, 'nick' | 'avatar'>): ChatSession {
  const target = parseSessionId(session.id)?.to ?? session.to;
  return {
    id: session.id,
    peerAccount: target,
    // Without a user record, an incoming message's sender nick still beats a bare account.
    peerNick: peer?.nick || (session.lastMsg?.flow === 'in' ? session.lastMsg.fromNick : undefined) || undefined,
    peerAvatar: peer?.avatar || undefined,
    lastMessage: session.lastMsg ? toChatMessage(session.lastMsg) : undefined,
    unread: session.unread,
    updateTime: session.updateTime,
    ...(session.isTop ? { isTop: true } : {}),
    ...(session.isTop && session.topCustom ? { topCustom: session.topCustom } : {}),
    ...(session.scene === 'p2p' && session.msgReceiptTime ? { receiptTime: session.msgReceiptTime } : {}),
  };
}

/** A team session: named by the team's name and avatar (team table), else by the team id. */
export function toTeamChatSession(session: ImSession, team?: Pick<ImTeam, 'name' | 'avatar'>): ChatSession {
  return { ...toChatSession(session, { nick: team?.name, avatar: team?.avatar }), scene: 'team' };
}

/** What naming needs from the store; the team table is optional (older test doubles lack it). */
export type NamingStore = Pick<Store, 'getUsers'> & Partial<Pick<Store, 'getTeams' | 'getTeamMembers'>>;

/** Looks up nick and avatar of the sessions' peers in the store's user table, team names in its team table. */
export async function toChatSessions(sessions: readonly ImSession[], store: NamingStore): Promise<ChatSession[]> {
  const visible = sessions.filter((session) => !session.isDeleted);
  let users: ImUser[] = [];
  let teams: ImTeam[] = [];
  try {
    users = await store.getUsers(visible.filter((session) => session.scene !== 'team').map((session) => session.to));
    if (store.getTeams && visible.some((session) => session.scene === 'team')) teams = await store.getTeams();
  } catch {
    // Names are a nicety; accounts still identify the sessions.
  }
  const byAccount = new Map(users.map((user) => [user.account, user]));
  const byTeamId = new Map(teams.map((team) => [team.teamId, team]));
  return visible.map((session) => (session.scene === 'team' ? toTeamChatSession(session, byTeamId.get(session.to)) : toChatSession(session, byAccount.get(session.to))));
}

/**
 * Incoming team messages name their sender as the team does: the member's nick in the team
 * (nickInTeam), else the user's nick, else the nick the message carried; with the user's avatar.
 */
export async function withTeamSenders(messages: ChatMessage[], store: NamingStore): Promise<ChatMessage[]> {
  const teamIncoming = messages.filter((message) => message.flow === 'in' && isTeamSessionId(message.sessionId));
  if (teamIncoming.length === 0) return messages;
  try {
    const users = new Map((await store.getUsers([...new Set(teamIncoming.map((m) => m.from))])).map((user) => [user.account, user]));
    const nickInTeam = new Map<string, string>();
    for (const sessionId of new Set(teamIncoming.map((m) => m.sessionId))) {
      const members = store.getTeamMembers ? await store.getTeamMembers(sendTargetOf(sessionId).to) : [];
      for (const member of members) if (member.nickInTeam) nickInTeam.set(`${sessionId}/${member.account}`, member.nickInTeam);
    }
    return messages.map((message) => {
      if (message.flow !== 'in' || !isTeamSessionId(message.sessionId)) return message;
      const user = users.get(message.from);
      const fromNick = nickInTeam.get(`${message.sessionId}/${message.from}`) || user?.nick || message.fromNick;
      return { ...message, ...(fromNick ? { fromNick } : {}), ...(user?.avatar ? { fromAvatar: user.avatar } : {}) };
    });
  } catch {
    // Names are a nicety; the account still says who wrote.
    return messages;
  }
}

export async function readLocalSessions(store: Pick<Store, 'getSessions'> & NamingStore): Promise<ChatSession[]> {
  return toChatSessions(await store.getSessions({ limit: SESSION_LIST_LIMIT }), store);
}

/** The newest `limit` messages of a session, returned oldest first for display. */
export async function readLocalMessages(
  store: Pick<Store, 'getSessionMessages'> & Partial<NamingStore>,
  sessionId: string,
  limit: number,
): Promise<ChatMessage[]> {
  const newestFirst = await store.getSessionMessages({ sessionId, limit, order: 'desc' });
  const messages = newestFirst.map(toChatMessage).reverse();
  return store.getUsers ? withTeamSenders(messages, store as NamingStore) : messages;
}

/**
 * Recent customers: p2p peers of the merchant's sessions in the local store (what im-server synced),
 * deleted conversations included, by last activity, newest first.
 */
export async function readRecentCustomers(store: Pick<Store, 'getSessions' | 'getUsers'>, limit: number): Promise<CustomerSummary[]> {
  const sessions = (await store.getSessions({ limit: SESSION_LIST_LIMIT, includeDeleted: true }))
    .filter((session) => session.scene === 'p2p')
    .sort((a, b) => b.updateTime - a.updateTime)
    .slice(0, limit);
  const users = new Map((await store.getUsers(sessions.map((session) => session.to))).map((user) => [user.account, user]));
  return sessions.map((session) => {
    const user = users.get(session.to);
    const nick = user?.nick || (session.lastMsg?.flow === 'in' ? session.lastMsg.fromNick : undefined);
    return { account: session.to, nick: nick || undefined, avatar: user?.avatar || undefined, lastActive: session.updateTime };
  });
}

/** A user record as the profile card shows it: empty strings dropped. */
export function toCustomerProfile(user: ImUser): CustomerProfile {
  const text = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);
  const profile: CustomerProfile = { account: user.account };
  const fields = { nick: text(user.nick), avatar: text(user.avatar), sign: text(user.sign), email: text(user.email), tel: text(user.tel), birth: text(user.birth) };
  for (const [key, value] of Object.entries(fields)) if (value) Object.assign(profile, { [key]: value });
  if (user.gender && user.gender !== 'unknown') profile.gender = user.gender;
  return profile;
}
