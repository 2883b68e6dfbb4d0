// Converts im-core entities into the frame's ChatMessage/ChatSession and reads the local cache.
import { parseSessionId, type ImMessage, type ImSession, type ImUser, type Store } from '@merchant/im-core';
import type { ChatMessage, ChatSession, CustomerProfile, CustomerSummary } from './chat-client';

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
    time: message.time,
    flow: message.flow,
    status: message.status,
  };
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
  };
}

/** Looks up nick and avatar of the sessions' peers in the store's user table. */
export async function toChatSessions(sessions: readonly ImSession[], store: Pick<Store, 'getUsers'>): Promise<ChatSession[]> {
  const visible = sessions.filter((session) => !session.isDeleted);
  let users: ImUser[] = [];
  try {
    users = await store.getUsers(visible.map((session) => session.to));
  } catch {
    // Names are a nicety; accounts still identify the sessions.
  }
  const byAccount = new Map(users.map((user) => [user.account, user]));
  return visible.map((session) => toChatSession(session, byAccount.get(session.to)));
}

export async function readLocalSessions(store: Pick<Store, 'getSessions' | 'getUsers'>): Promise<ChatSession[]> {
  return toChatSessions(await store.getSessions({ limit: SESSION_LIST_LIMIT }), store);
}

/** The newest `limit` messages of a session, returned oldest first for display. */
export async function readLocalMessages(
  store: Pick<Store, 'getSessionMessages'>,
  sessionId: string,
  limit: number,
): Promise<ChatMessage[]> {
  const newestFirst = await store.getSessionMessages({ sessionId, limit, order: 'desc' });
  return newestFirst.map(toChatMessage).reverse();
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
