// "N new messages" (issue 32 §9): a conversation opened with unread messages lands on the newest one;
// when the first unread one is above the view, a button says how many came and jumps back to it (it is
// scrolled into view and focused). It goes once used or once that message was seen.
import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../chat/chat-client';

/**
 * The first of the `count` newest messages that count as unread (incoming, not recalled, not a tip), or
 * the oldest loaded such message when fewer are loaded; undefined when there is none.
 */
export function firstUnreadOf(messages: readonly ChatMessage[], count: number): ChatMessage | undefined {
  if (count <= 0) return undefined;
  const unreadable = messages.filter((message) => message.flow === 'in' && !message.recalled && message.type !== 'tip');
  return unreadable[Math.max(0, unreadable.length - count)];
}

/** The message list and the row of a message in it, found next to this component (the conversation's section). */
function locate(anchor: HTMLElement | null, idClient: string): { scroller: HTMLElement; row: HTMLElement } | undefined {
  const scroller = anchor?.closest('section')?.querySelector<HTMLElement>('[data-testid="message-list"]');
  const row = Array.from(scroller?.querySelectorAll<HTMLElement>('[data-testid="message"]') ?? []).find((element) => element.dataset.idClient === idClient);
  return scroller && row ? { scroller, row } : undefined;
}

export interface UnreadJumpProps {
  messages: readonly ChatMessage[];
  /** Unread when the conversation was opened (0: nothing to jump to). */
  count: number;
}

export function UnreadJump({ messages, count }: UnreadJumpProps) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLDivElement>(null);
  const [above, setAbove] = useState(false);
  const [done, setDone] = useState(false);
  const target = firstUnreadOf(messages, count)?.idClient;

  const measure = useCallback(() => {
    if (!target || done) return;
    const found = locate(anchor.current, target);
    if (!found) return;
    const isAbove = found.row.getBoundingClientRect().top < found.scroller.getBoundingClientRect().top - 1;
    setAbove(isAbove);
    // Seen once it was in view after the list settled at the newest message.
    if (!isAbove && found.scroller.scrollTop > 0) setDone(true);
  }, [target, done]);

  useEffect(() => {
    if (!target || done) return undefined;
    const scroller = anchor.current?.closest('section')?.querySelector<HTMLElement>('[data-testid="message-list"]');
    const frame = requestAnimationFrame(measure);
    scroller?.addEventListener('scroll', measure);
    return () => {
      cancelAnimationFrame(frame);
      scroller?.removeEventListener('scroll', measure);
    };
  }, [target, done, measure, messages]);

  const jump = () => {
    const found = target && locate(anchor.current, target);
    setDone(true);
    if (!found) return;
    if (typeof found.row.scrollIntoView === 'function') found.row.scrollIntoView({ block: 'start' });
    // The row is not a tab stop; it takes focus once, so a screen reader reads on from there.
    if (!found.row.hasAttribute('tabindex')) found.row.setAttribute('tabindex', '-1');
    found.row.focus({ preventScroll: true });
  };

  return (
    <Box ref={anchor} sx={{ position: 'relative', height: 0, zIndex: 1 }}>
      {above && !done && (
        <Button
          size="small"
          variant="contained"
          color="inherit"
          startIcon={<ArrowUpward fontSize="small" />}
          onClick={jump}
          aria-label={t('conversations.newMessagesJump', { count })}
          data-testid="unread-jump"
          sx={{ position: 'absolute', top: 8, right: 16, borderRadius: 4, bgcolor: 'background.paper', color: 'primary.dark', boxShadow: 2, textTransform: 'none' }}
        >
          {t('conversations.newMessages', { count })}
        </Button>
      )}
    </Box>
  );
}
