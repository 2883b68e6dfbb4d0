// A small emoji palette for the composer: a button opens a grid of emoji buttons (arrow keys are
// not needed: Tab moves through them, Enter or Space inserts, Escape closes).
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import InsertEmoticonOutlined from '@mui/icons-material/InsertEmoticonOutlined';
import { useTranslation } from 'react-i18next';

/** The palette (our choice): everyday reactions in customer service. */
export const EMOJI_PALETTE = ['😀', '😊', '😂', '😉', '😍', '🤔', '😅', '😢', '😮', '🙏', '👍', '👌', '👏', '🎉', '❤️', '🔥', '✅', '❌', '📦', '🚚', '💰', '🛒', '⏰', '📷'] as const;

export function EmojiPicker({ onPick, disabled }: { onPick(emoji: string): void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('composer.emoji')}>
        <span>
          <IconButton aria-label={t('composer.emoji')} onClick={(event) => setAnchor(event.currentTarget)} disabled={disabled} data-testid="emoji-open">
            <InsertEmoticonOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'top', horizontal: 'left' }} transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box role="group" aria-label={t('composer.emoji')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 36px)', p: 1 }}>
          {EMOJI_PALETTE.map((emoji) => (
            <IconButton
              key={emoji}
              size="small"
              aria-label={emoji}
              onClick={() => {
                onPick(emoji);
                setAnchor(null);
              }}
              sx={{ fontSize: 20, width: 36, height: 36 }}
            >
              {emoji}
            </IconButton>
          ))}
        </Box>
      </Popover>
    </>
  );
}
