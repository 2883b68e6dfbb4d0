// The message log of the open session. role="log" makes screen readers announce new messages.
// Older pages: a "load earlier messages" button at the top (keyboard reachable), also triggered
// by scrolling to the top; the view keeps its place when older messages are put above it.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ChatMessage, ChatMessageRef } from '../chat/chat-client';
import { MessageBubble } from './message-bubble';
import type { MessageMenuModel } from './message-actions/message-action-menu';

export interface LoadEarlierProps {
  /** Older messages may exist on the server. */
  available: boolean;
  loading: boolean;
  failed: boolean;
  label: string;
  loadingLabel: string;
  failedLabel: string;
  onLoad(): void;
}

export interface MessageListProps {
  label: string;
  messages: readonly ChatMessage[];
  emptyText: string;
  now: number;
  onRetry(message: ChatMessage): void;
  /** Each message's action menu (issue 32 §4); absent: no menus. */
  menuFor?(message: ChatMessage, nameOf: (account: string) => string): MessageMenuModel | undefined;
  /** What shows under a message's bubble (quick comments, read receipts). */
  belowFor?(message: ChatMessage, nameOf: (account: string) => string): ReactNode;
  /** Whether a message is pinned in the conversation, and the mark's text. */
  isPinned?(message: ChatMessage): boolean;
  pinnedLabel?: string;
  /** Asks the list to show a message (a pin chosen in the pinned bar): scrolled to, highlighted, focused. `seq` repeats a request. */
  showRequest?: { idClient: string; seq: number };
  /** The same for a search result chosen (search/, issue 32 §6). */
  jumpRequest?: { idClient: string; seq: number };
  /** Finds a replied message that is not loaded (the local store). */
  findMessage?(ref: ChatMessageRef): Promise<ChatMessage | undefined>;
  earlier?: LoadEarlierProps;
  /** Names of accounts that team notifications mention (teams/team-notification-names.ts); they win over a message's nick. */
  names?: ReadonlyMap<string, string>;
}

function LoadEarlier({ earlier }: { earlier: LoadEarlierProps }): ReactNode {
  if (!earlier.available && !earlier.loading) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 1 }}>
      <Button size="small" data-testid="load-earlier" disabled={earlier.loading} onClick={earlier.onLoad}>
        {earlier.loading ? earlier.loadingLabel : earlier.label}
      </Button>
      {earlier.failed && (
        <Typography variant="caption" color="warning.main" role="status">
          {earlier.failedLabel}
        </Typography>
      )}
    </Box>
  );
}

export function MessageList({ label, messages, emptyText, now, onRetry, menuFor, belowFor, isPinned, pinnedLabel, showRequest, jumpRequest, findMessage, earlier, names }: MessageListProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.idClient;
  const oldestId = messages[0]?.idClient;
  /** scrollHeight when older messages were asked for, to keep the view in place after. */
  const heightBeforeEarlier = useRef<number | undefined>(undefined);

  // Keep the newest message in view when one arrives.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [newestId]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const before = heightBeforeEarlier.current;
    heightBeforeEarlier.current = undefined;
    if (scroller && before !== undefined) scroller.scrollTop += scroller.scrollHeight - before;
  }, [oldestId]);

  // A team notification names accounts; the nick they sent messages with here is what the merchant knows them by.
  const nicks = useMemo(() => new Map(messages.filter((m) => m.fromNick).map((m) => [m.from, m.fromNick as string])), [messages]);
  const nameOf = useCallback((account: string) => names?.get(account) ?? nicks.get(account) ?? account, [names, nicks]);

  // A reply quotes the message it answers: found among the loaded ones by idClient, else by idServer.
  const loaded = useMemo(() => {
    const byIdClient = new Map(messages.map((m) => [m.idClient, m]));
    const byIdServer = new Map(messages.filter((m) => m.idServer).map((m) => [m.idServer as string, m]));
    return (ref: ChatMessageRef) => (ref.idClient ? byIdClient.get(ref.idClient) : undefined) ?? (ref.idServer ? byIdServer.get(ref.idServer) : undefined);
  }, [messages]);

  /** The replied message a quote was chosen for: scrolled to, highlighted and focused. */
  const [highlighted, setHighlighted] = useState<string | undefined>();
  useEffect(() => {
    if (showRequest) setHighlighted(showRequest.idClient);
  }, [showRequest]);
  useEffect(() => {
    if (jumpRequest) setHighlighted(jumpRequest.idClient);
  }, [jumpRequest]);
  useEffect(() => {
    if (!highlighted) return;
    const row = Array.from(scrollerRef.current?.querySelectorAll<HTMLElement>('[data-testid="message"]') ?? []).find((element) => element.dataset.idClient === highlighted);
    if (!row) return;
    if (typeof row.scrollIntoView === 'function') row.scrollIntoView({ block: 'center' });
    row.focus({ preventScroll: true });
  }, [highlighted]);

  const loadEarlier = () => {
    if (!earlier || !earlier.available || earlier.loading) return;
    heightBeforeEarlier.current = scrollerRef.current?.scrollHeight;
    earlier.onLoad();
  };

  return (
    <Box
      ref={scrollerRef}
      data-testid="message-list"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => {
        if (event.currentTarget.scrollTop <= 0) loadEarlier();
      }}
      // minHeight 0: a flex item may otherwise grow to its content, so a long conversation pushed the
      // frame's page into scrolling (its header slid under the console's tags bar) instead of this list.
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2 }}
    >
      {earlier && <LoadEarlier earlier={{ ...earlier, onLoad: loadEarlier }} />}
      {messages.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {messages.map((message) => (
            <MessageBubble
              key={message.idClient}
              message={message}
              now={now}
              onRetry={onRetry}
              menu={menuFor?.(message, nameOf)}
              below={belowFor?.(message, nameOf)}
              pinned={isPinned?.(message)}
              pinnedLabel={pinnedLabel}
              nameOf={nameOf}
              replied={message.replyTo ? loaded(message.replyTo) : undefined}
              lookUpReplied={findMessage}
              onShowReplied={(replied) => setHighlighted(replied.idClient)}
              highlighted={highlighted === message.idClient}
              onHighlightEnd={() => setHighlighted(undefined)}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
