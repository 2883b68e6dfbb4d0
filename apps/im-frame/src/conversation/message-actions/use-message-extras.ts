// What the open conversation shows around its messages (issue 32 §4, §5): the pins, each message's quick
// comments and, for my team messages that asked for receipts, the read and unread counts. Loaded from the
// server when the conversation opens (comments and counts for each message once), then kept current by the
// changes other members, the customer and my other devices make (MessageExtrasPort.onChange).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessage } from '../../chat/chat-client';
import type { ChatComment, ChatPin, MessageExtrasChange, MessageExtrasPort, TeamReadCounts } from './message-extras-port';

export interface MessageExtrasView {
  pins: ChatPin[];
  isPinned(message: ChatMessage): boolean;
  commentsOf(message: ChatMessage): readonly ChatComment[];
  teamReadsOf(message: ChatMessage): TeamReadCounts | undefined;
  /** Each rejects with the server's refusal; the view changes once the server accepted. */
  pin(message: ChatMessage): Promise<void>;
  unpin(message: ChatMessage): Promise<void>;
  /** Adds my comment with this body, or takes it back when I already made it. */
  toggleComment(message: ChatMessage, body: number): Promise<void>;
}

const NO_COMMENTS: readonly ChatComment[] = [];

const samePin = (a: Pick<ChatPin, 'idClient' | 'idServer'>, b: Pick<ChatPin, 'idClient' | 'idServer'>) =>
  (a.idServer !== undefined && a.idServer === b.idServer) || (a.idClient !== '' && a.idClient === b.idClient);

/** A comment list with `comment` added (one per sender and body, refreshed) or removed. */
export function withComment(comments: readonly ChatComment[], comment: ChatComment, deleted: boolean): ChatComment[] {
  const others = comments.filter((c) => !(c.from === comment.from && c.body === comment.body));
  return deleted ? others : [...others, comment].sort((a, b) => a.time - b.time);
}

export function useMessageExtras(extras: MessageExtrasPort | undefined, sessionId: string, messages: readonly ChatMessage[]): MessageExtrasView | undefined {
  const [pins, setPins] = useState<ChatPin[]>([]);
  const [comments, setComments] = useState<ReadonlyMap<string, ChatComment[]>>(new Map());
  const [teamReads, setTeamReads] = useState<ReadonlyMap<string, TeamReadCounts>>(new Map());
  /** idServers whose comments were asked for, and idClients whose counts were, in this conversation. */
  const askedComments = useRef(new Set<string>());
  const askedReads = useRef(new Set<string>());

  // A new conversation starts empty and loads its pins.
  useEffect(() => {
    setPins([]);
    setComments(new Map());
    setTeamReads(new Map());
    askedComments.current = new Set();
    askedReads.current = new Set();
    if (!extras || !sessionId) return;
    let current = true;
    extras.listPins(sessionId).then(
      (loaded) => current && setPins(loaded),
      () => undefined, // Offline: the bar shows no pins until the next open.
    );
    return () => {
      current = false;
    };
  }, [extras, sessionId]);

  // Comments and team counts of the messages not asked for yet.
  useEffect(() => {
    if (!extras || !sessionId) return;
    const newComments = messages.filter((m) => m.idServer && m.status === 'success' && !m.recalled && !askedComments.current.has(m.idServer));
    newComments.forEach((m) => askedComments.current.add(m.idServer as string));
    if (newComments.length > 0) {
      extras.getComments(newComments).then(
        (loaded) => setComments((known) => new Map([...known, ...loaded])),
        () => newComments.forEach((m) => askedComments.current.delete(m.idServer as string)),
      );
    }
    const newReads = messages.filter((m) => m.flow === 'out' && m.needReceipt && m.idServer && !askedReads.current.has(m.idClient));
    newReads.forEach((m) => askedReads.current.add(m.idClient));
    if (newReads.length > 0) {
      extras.getTeamReads(newReads).then(
        (loaded) => setTeamReads((known) => new Map([...known, ...loaded.map((r) => [r.idClient, r] as const)])),
        () => newReads.forEach((m) => askedReads.current.delete(m.idClient)),
      );
    }
  }, [extras, sessionId, messages]);

  // What others change while the conversation is open.
  useEffect(() => {
    if (!extras) return;
    return extras.onChange((change: MessageExtrasChange) => {
      if (change.type === 'pin' && change.pin.sessionId === sessionId) {
        setPins((known) => (change.deleted ? known.filter((p) => !samePin(p, change.pin)) : [...known.filter((p) => !samePin(p, change.pin)), change.pin]));
      } else if (change.type === 'comment' && change.sessionId === sessionId) {
        setComments((known) => new Map(known).set(change.idServer, withComment(known.get(change.idServer) ?? [], change.comment, change.deleted)));
      } else if (change.type === 'teamReads') {
        setTeamReads((known) => {
          const next = new Map(known);
          change.counts.forEach((r) => next.set(r.idClient, r));
          return next;
        });
      }
    });
  }, [extras, sessionId]);

  const isPinned = useCallback((message: ChatMessage) => pins.some((p) => samePin(p, message)), [pins]);
  const commentsOf = useCallback((message: ChatMessage) => (message.idServer ? comments.get(message.idServer) : undefined) ?? NO_COMMENTS, [comments]);
  const teamReadsOf = useCallback((message: ChatMessage) => teamReads.get(message.idClient), [teamReads]);

  return useMemo(() => {
    if (!extras) return undefined;
    return {
      pins,
      isPinned,
      commentsOf,
      teamReadsOf,
      pin: async (message: ChatMessage) => {
        const pin = await extras.pin(message);
        setPins((known) => [...known.filter((p) => !samePin(p, message)), { ...pin, message: pin.message ?? message }]);
      },
      unpin: async (message: ChatMessage) => {
        await extras.unpin(message);
        setPins((known) => known.filter((p) => !samePin(p, message)));
      },
      toggleComment: async (message: ChatMessage, body: number) => {
        const idServer = message.idServer;
        if (!idServer) return;
        const mine = (comments.get(idServer) ?? []).some((c) => c.from === extras.account && c.body === body);
        if (mine) await extras.removeComment(message, body);
        else await extras.addComment(message, body);
        const comment = { from: extras.account, body, time: Date.now() };
        setComments((known) => new Map(known).set(idServer, withComment(known.get(idServer) ?? [], comment, mine)));
      },
    };
  }, [extras, pins, isPinned, commentsOf, teamReadsOf, comments]);
}
