// The quote a reply shows in its bubble (issue 12 "threads and replies"): who wrote the replied
// message and one line of it, or "Original message unavailable". The replied message is looked for
// among the conversation's loaded messages, else in the local store. A loaded one can be shown
// (click or Enter scrolls to it). Everything is React text: a quoted message stays inert.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ChatMessage, ChatMessageRef } from '../chat/chat-client';
import { messageSnippet } from '../i18n/message-text';

/** Who wrote a message, as a quote names them: "Me" for the merchant's own. */
export function quotedSenderName(message: ChatMessage, t: TFunction, nameOf?: (account: string) => string): string {
  if (message.flow === 'out') return t('conversation.you');
  return message.fromNick || nameOf?.(message.from) || message.from;
}

export interface ReplyQuoteProps {
  /** The reply whose quote this is. */
  message: ChatMessage & { replyTo: ChatMessageRef };
  /** The replied message when it is among the conversation's loaded messages. */
  loaded?: ChatMessage;
  /** Looks the replied message up in the local store when it is not loaded. */
  lookUp?(ref: ChatMessageRef): Promise<ChatMessage | undefined>;
  /** Scrolls to the loaded replied message and highlights it. */
  onShow?(replied: ChatMessage): void;
  nameOf?(account: string): string;
}

/** found: null when the store does not have it either (no lookup yet: still looking). */
type Lookup = { key: string; found: ChatMessage | null };

const refKey = (ref: ChatMessageRef): string => `${ref.idClient ?? ''}/${ref.idServer ?? ''}`;

export function ReplyQuote({ message, loaded, lookUp, onShow, nameOf }: ReplyQuoteProps) {
  const { t } = useTranslation();
  const ref = message.replyTo;
  const key = refKey(ref);
  const [lookup, setLookup] = useState<Lookup | undefined>();

  useEffect(() => {
    if (loaded || lookup?.key === key) return;
    if (!lookUp) {
      setLookup({ key, found: null });
      return;
    }
    let current = true;
    lookUp(ref).then(
      (found) => current && setLookup({ key, found: found ?? null }),
      () => current && setLookup({ key, found: null }),
    );
    return () => {
      current = false;
    };
    // Once per replied message: ref and lookUp name the same one while key is unchanged.
  }, [key, loaded]);

  const outgoing = message.flow === 'out';
  const frame: SxProps<Theme> = {
    display: 'block',
    width: '100%',
    boxSizing: 'border-box',
    textAlign: 'left',
    mb: 0.75,
    px: 1,
    py: 0.5,
    borderLeft: '3px solid',
    borderColor: outgoing ? 'rgba(255, 255, 255, 0.75)' : 'primary.main',
    bgcolor: outgoing ? 'rgba(255, 255, 255, 0.16)' : 'rgba(0, 0, 0, 0.05)',
    borderRadius: 1,
    color: 'inherit',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
  };
  const line = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

  const replied = loaded ?? (lookup?.key === key ? lookup.found : undefined);
  if (replied === undefined) return null;
  if (replied === null) {
    return (
      <Box data-testid="message-quote" data-state="unavailable" sx={frame}>
        <Typography component="span" variant="caption" sx={{ ...line, fontStyle: 'italic', opacity: 0.85 }}>
          {t('reply.unavailable')}
        </Typography>
      </Box>
    );
  }
  const name = quotedSenderName(replied, t, nameOf);
  const snippet = messageSnippet(replied, t, nameOf);
  const content = (
    <>
      <Typography component="span" variant="caption" data-testid="message-quote-sender" sx={{ ...line, fontWeight: 600 }}>
        {name}
      </Typography>
      <Typography component="span" variant="caption" data-testid="message-quote-text" sx={{ ...line, opacity: 0.9 }}>
        {snippet}
      </Typography>
    </>
  );
  if (loaded && onShow) {
    return (
      <ButtonBase
        data-testid="message-quote"
        data-state="loaded"
        aria-label={t('reply.quoteLabel', { name, snippet })}
        onClick={() => onShow(loaded)}
        sx={{ ...frame, '&:hover': { filter: 'brightness(0.97)' }, '&.Mui-focusVisible': { outline: '2px solid', outlineColor: outgoing ? 'common.white' : 'primary.main', outlineOffset: 1 } } as SxProps<Theme>}
      >
        {content}
      </ButtonBase>
    );
  }
  return (
    <Box data-testid="message-quote" data-state="stored" sx={frame}>
      {content}
    </Box>
  );
}
