// The message log of the open session. role="log" makes screen readers announce new messages.
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChatMessage } from '../chat/chat-client';
import { MessageBubble } from './message-bubble';

export interface MessageListProps {
  label: string;
  messages: readonly ChatMessage[];
  emptyText: string;
  now: number;
  onRetry(message: ChatMessage): void;
}

export function MessageList({ label, messages, emptyText, now, onRetry }: MessageListProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.idClient;

  // Keep the newest message in view when one arrives.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [newestId]);

  return (
    <Box
      ref={scrollerRef}
      data-testid="message-list"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={label}
      tabIndex={0}
      sx={{ flex: 1, overflowY: 'auto', p: 2 }}
    >
      {messages.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {messages.map((message) => (
            <MessageBubble key={message.idClient} message={message} now={now} onRetry={onRetry} />
          ))}
        </Box>
      )}
    </Box>
  );
}
