// One message: text, time, and for an outgoing message its sending/failed status with retry.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ResponseCode } from '@merchant/im-core';
import { isTeamSessionId, type ChatMessage, type ChatMessageRef } from '../chat/chat-client';
import { SessionAvatar } from '../sessions/session-avatar';
import { formatChatTime } from '../i18n/format-time';
import { recalledText } from '../i18n/message-text';
import { MessageContent } from './message-content';
import { ReplyQuote } from './reply-quote';
import { useMessageMenu, type MessageMenuModel } from './message-actions/message-action-menu';

/** What im-server answers a text its anti-spam filter refuses (docs/im-background.md "Anti-spam filter"). */
const ANTISPAM_REFUSAL_CODE = ResponseCode.NO_PERMISSION;

export interface MessageBubbleProps {
  message: ChatMessage;
  now: number;
  onRetry(message: ChatMessage): void;
  /** Names the accounts a team notification mentions (default: the account). */
  nameOf?(account: string): string;
  /**
   * The message's action menu (issue 32 §4: reply, forward, recall, copy, pin, quick comments, favourites,
   * delete for me, thread), each item only where the rules allow it; without it the message has no menu.
   */
  menu?: MessageMenuModel;
  /** Under the bubble: quick comments and read receipts. */
  below?: ReactNode;
  /** Pinned in this conversation: marked beside the time. */
  pinned?: boolean;
  pinnedLabel?: string;
  /** A reply: the message it answers, when that one is among the loaded messages. */
  replied?: ChatMessage;
  /** A reply whose replied message is not loaded: looks it up in the local store. */
  lookUpReplied?(ref: ChatMessageRef): Promise<ChatMessage | undefined>;
  /** A reply's quote was chosen: scroll to the (loaded) replied message. */
  onShowReplied?(replied: ChatMessage): void;
  /** Shown as the target of a quote the merchant chose; it has the focus until they move on. */
  highlighted?: boolean;
  onHighlightEnd?(): void;
}

export function MessageBubble({ message, now, onRetry, nameOf, menu, below, pinned = false, pinnedLabel, replied, lookUpReplied, onShowReplied, highlighted = false, onHighlightEnd }: MessageBubbleProps) {
  const { t } = useTranslation();
  const actionMenu = useMessageMenu(message.recalled || message.type === 'tip' || message.type === 'notification' ? undefined : menu);
  const outgoing = message.flow === 'out';
  // Only failed outgoing messages may be resent (im-client-spec §4 "Message status").
  // A message the anti-spam filter refused is shown as such and not offered again (docs/im-background.md).
  const rejected = outgoing && message.antispam === 'rejected';
  const canRetry = outgoing && message.status === 'fail' && !rejected;
  // The message a chosen quote points at: marked, focusable for the jump, until the focus moves on.
  const mark = highlighted ? { 'data-highlighted': 'true', tabIndex: -1, onBlur: onHighlightEnd } : {};
  const highlight = { transition: 'background-color 0.3s', borderRadius: 2, ...(highlighted ? { bgcolor: 'action.selected', outline: 'none' } : {}) };
  // A tip (im-client-spec §3 "tip") and a team notification (a team change, written by the server)
  // are lines of their own in the conversation, not someone's bubble.
  // A recalled message (issue 31) is a line of its own too: who recalled it, and when it was sent.
  if (message.recalled) {
    return (
      <Box component="li" data-testid="message" data-id-client={message.idClient} data-status={message.status} data-recalled="true" {...mark} sx={{ textAlign: 'center', mb: 1.5, ...highlight }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-block', px: 1.5, py: 0.5, bgcolor: 'action.hover', borderRadius: 1 }}>
          <span data-testid="message-recalled">{recalledText(message, t)}</span>
          <span> · {formatChatTime(message.time, now, t)}</span>
        </Typography>
      </Box>
    );
  }
  if (message.type === 'tip' || message.type === 'notification') {
    return (
      <Box component="li" data-testid="message" data-id-client={message.idClient} data-status={message.status} {...mark} sx={{ textAlign: 'center', mb: 1.5, ...highlight }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-block', px: 1.5, py: 0.5, bgcolor: 'action.hover', borderRadius: 1 }}>
          {message.type === 'tip' ? (
            <span data-testid="message-tip">{message.text}</span>
          ) : (
            <>
              <span data-testid="message-notification">
                <MessageContent message={message} nameOf={nameOf} />
              </span>
              <span> · {formatChatTime(message.time, now, t)}</span>
            </>
          )}
        </Typography>
      </Box>
    );
  }
  return (
    <Box
      component="li"
      data-testid="message"
      data-id-client={message.idClient}
      data-status={message.status}
      data-antispam={message.antispam}
      data-pinned={pinned || undefined}
      {...mark}
      {...actionMenu.contextProps}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: outgoing ? 'flex-end' : 'flex-start', mb: 1.5, ...highlight }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        {/* Team conversations have many senders: each incoming message shows who wrote it. */}
        {!outgoing && isTeamSessionId(message.sessionId) && (
          <Box data-testid="message-sender-avatar" sx={{ display: 'inline-flex' }}>
            <SessionAvatar name={message.fromNick || message.from} avatarUrl={message.fromAvatar} size={24} />
          </Box>
        )}
        <Typography variant="caption" color="text.secondary" data-testid="message-sender">
          {outgoing ? t('conversation.you') : message.fromNick || message.from} · {formatChatTime(message.time, now, t)}
        </Typography>
        {pinned && (
          <Typography variant="caption" color="primary" data-testid="message-pinned" sx={{ fontWeight: 500 }}>
            · {pinnedLabel}
          </Typography>
        )}
        {actionMenu.button}
        {actionMenu.menu}
      </Box>
      <Box
        sx={{
          maxWidth: '75%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: outgoing ? 'primary.main' : 'grey.100',
          color: outgoing ? 'primary.contrastText' : 'text.primary',
          // A refused message (anti-spam) stays readable but set back from what was delivered.
          opacity: message.status === 'sending' || rejected ? 0.7 : 1,
        }}
      >
        {message.replyTo && (
          <ReplyQuote message={{ ...message, replyTo: message.replyTo }} loaded={replied} lookUp={lookUpReplied} onShow={onShowReplied} nameOf={nameOf} />
        )}
        <MessageContent message={message} nameOf={nameOf} />
      </Box>
      {below}
      {outgoing && message.status === 'sending' && message.refusedCode === undefined && (
        <Typography variant="caption" color="text.secondary">
          {t('conversation.sending')}
        </Typography>
      )}
      {/* The server refused it (im-core keeps it with sendError, §4): say so instead of "Sending". */}
      {outgoing && message.refusedCode !== undefined && !rejected && (
        <Typography variant="caption" color="error" data-testid="message-refused">
          {message.refusedCode === ANTISPAM_REFUSAL_CODE ? t('antispam.refused') : t('antispam.refusedCode', { code: message.refusedCode })}
        </Typography>
      )}
      {rejected && (
        <Typography variant="caption" color="error" data-testid="message-antispam-rejected">
          {t('antispam.rejected')}
        </Typography>
      )}
      {outgoing && message.antispam === 'filtered' && (
        <Typography variant="caption" color="text.secondary" data-testid="message-antispam-filtered">
          {t('antispam.filtered')}
        </Typography>
      )}
      {canRetry && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="error">
            {t('conversation.failed')}
          </Typography>
          <Button
            size="small"
            color="error"
            data-testid="message-retry"
            aria-label={t('conversation.retryLabel', { text: message.text })}
            onClick={() => onRetry(message)}
          >
            {t('conversation.retry')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
