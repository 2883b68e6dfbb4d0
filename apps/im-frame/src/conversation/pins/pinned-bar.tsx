// The pinned bar at the top of a conversation (issue 32 §4): the newest pin first, who pinned it and its
// snippet (a button that shows the message in the list), "n of N" with a button to the next pin, and Unpin.
// Everyone in the conversation sees the same pins (im-server pushes each change); snippets are React text.
import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { ChatPin } from '../message-actions/message-extras-port';
import { messageDisplayText, messageSnippet } from '../../i18n/message-text';

export interface PinnedBarProps {
  pins: readonly ChatPin[];
  /** Who pinned it ("me" for the merchant). */
  nameOf(account: string): string;
  onShow(pin: ChatPin): void;
  onUnpin(pin: ChatPin): void;
}

export function PinnedBar({ pins, nameOf, onShow, onUnpin }: PinnedBarProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  if (pins.length === 0) return null;
  const newestFirst = [...pins].sort((a, b) => b.createTime - a.createTime);
  const shown = newestFirst[Math.min(index, newestFirst.length - 1)];
  const snippet = shown.message ? messageSnippet(shown.message, t) : '';
  // The whole first line: the bar is as wide as the conversation and cuts it with an ellipsis itself.
  const firstLine = shown.message ? (messageDisplayText(shown.message, t).split(/\r?\n/)[0] ?? '') : '';
  return (
    <Box
      role="region"
      aria-label={t('messageActions.pins.label')}
      data-testid="pinned-bar"
      data-count={pins.length}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, py: 0.5, bgcolor: 'grey.50', borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
    >
      <PushPinOutlined fontSize="small" color="primary" aria-hidden="true" />
      <ButtonBase
        // Named by what it shows (who pinned it, which of how many, the text): an aria-label of its own did not contain
        // that visible text, which speech-input users say to press it (axe label-content-name-mismatch).
        onClick={() => onShow(shown)}
        data-testid="pinned-bar-show"
        data-id-client={shown.idClient}
        sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1, px: 0.5, '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            {t('messageActions.pins.by', { name: nameOf(shown.pinFrom) })}
            {pins.length > 1 && ` · ${t('messageActions.pins.position', { index: Math.min(index, newestFirst.length - 1) + 1, count: pins.length })}`}
          </Typography>
          <Typography variant="body2" noWrap data-testid="pinned-bar-text">
            {firstLine}
          </Typography>
        </Box>
      </ButtonBase>
      {pins.length > 1 && (
        <IconButton size="small" aria-label={t('messageActions.pins.next')} data-testid="pinned-bar-next" onClick={() => setIndex((index + 1) % newestFirst.length)}>
          <ExpandMoreIcon fontSize="small" />
        </IconButton>
      )}
      <IconButton size="small" aria-label={t('messageActions.pins.unpinLabel', { text: snippet })} data-testid="pinned-bar-unpin" onClick={() => onUnpin(shown)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
