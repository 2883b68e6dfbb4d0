// The quick comments under a message (issue 32 §4): one toggle per emoji with how many chose it. The
// merchant's own is pressed; pressing a toggle adds or takes back theirs. Names are React text (inert).
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import type { ChatComment } from './message-extras-port';
import { emojiOfBody } from './message-action-rules';

export interface QuickCommentsProps {
  comments: readonly ChatComment[];
  myAccount: string;
  nameOf(account: string): string;
  onToggle(body: number): void;
}

export function QuickComments({ comments, myAccount, nameOf, onToggle }: QuickCommentsProps) {
  const { t } = useTranslation();
  if (comments.length === 0) return null;
  const bodies = [...new Set(comments.map((c) => c.body))];
  return (
    <Box role="group" aria-label={t('messageActions.reactions')} data-testid="message-reactions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {bodies.map((body) => {
        const by = comments.filter((c) => c.body === body);
        const mine = by.some((c) => c.from === myAccount);
        const names = by.map((c) => (c.from === myAccount ? t('conversation.you') : nameOf(c.from))).join(', ');
        const emoji = emojiOfBody(body);
        return (
          <ButtonBase
            key={body}
            aria-pressed={mine}
            aria-label={t('messageActions.reaction', { emoji, count: by.length, names }) + t(mine ? 'messageActions.reactionMine' : 'messageActions.reactionAdd')}
            title={names}
            data-testid={`message-reaction-${body}`}
            data-count={by.length}
            onClick={() => onToggle(body)}
            sx={{
              px: 0.75,
              py: 0.125,
              borderRadius: 3,
              border: 1,
              borderColor: mine ? 'primary.main' : 'divider',
              bgcolor: mine ? 'primary.50' : 'background.paper',
              fontSize: 13,
              gap: 0.5,
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <span aria-hidden="true">{emoji}</span>
            <span aria-hidden="true">{by.length}</span>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
