// The composer's quick replies (issue 32): a button, or "/" in an empty message, or Ctrl+/ (⌘/), opens a
// filterable list of the store's canned answers; ↑↓ choose, Enter inserts at the caret, Escape closes. The
// list is read again each time it opens (staff share it), and "Manage quick replies" opens the dialog that
// changes it.
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import QuickreplyOutlined from '@mui/icons-material/QuickreplyOutlined';
import { useTranslation } from 'react-i18next';
import { deskErrorText, useQuickReplies } from './desk-context';
import { QuickRepliesDialog } from './quick-replies-dialog';

/** Whether a key press in the composer opens the quick replies: "/" in an empty message, or Ctrl+/ / ⌘/. */
export function opensQuickReplies(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, text: string): boolean {
  if (event.key !== '/' || event.altKey) return false;
  return event.ctrlKey || event.metaKey || text === '';
}

/** The replies whose text contains the filter (case-insensitive, trimmed); all for an empty filter. */
export function filterQuickReplies<T extends { text: string }>(list: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLocaleLowerCase();
  return needle ? list.filter((reply) => reply.text.toLocaleLowerCase().includes(needle)) : [...list];
}

export interface QuickReplyControlProps {
  /** Whether the list is open (the composer opens it with its shortcut too). */
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Puts the chosen reply's text into the message at the caret. */
  onInsert(text: string): void;
  /** What the list opens beside: the composer. */
  anchorRef: RefObject<HTMLElement | null>;
  disabled?: boolean;
}

/** The composer's quick-reply button, its list, and the manage dialog; nothing without a support desk. */
export function QuickReplyControl({ open, onOpenChange, onInsert, anchorRef, disabled = false }: QuickReplyControlProps) {
  const { t } = useTranslation();
  const replies = useQuickReplies();
  const [managing, setManaging] = useState(false);
  if (!replies) return null;
  return (
    <>
      <Tooltip title={t('desk.quickReplies.shortcut')}>
        <span>
          <IconButton
            aria-label={t('desk.quickReplies.open')}
            aria-haspopup="dialog"
            aria-keyshortcuts="/ Control+/"
            onClick={() => onOpenChange(true)}
            disabled={disabled}
            data-testid="quick-replies-open"
          >
            <QuickreplyOutlined />
          </IconButton>
        </span>
      </Tooltip>
      {open && (
        <QuickReplyPicker
          anchorEl={anchorRef.current}
          onClose={() => onOpenChange(false)}
          onInsert={(text) => {
            onOpenChange(false);
            onInsert(text);
          }}
          onManage={() => {
            onOpenChange(false);
            setManaging(true);
          }}
        />
      )}
      <QuickRepliesDialog open={managing} onClose={() => setManaging(false)} />
    </>
  );
}

interface QuickReplyPickerProps {
  anchorEl: HTMLElement | null;
  onClose(): void;
  onInsert(text: string): void;
  onManage(): void;
}

function QuickReplyPicker({ anchorEl, onClose, onInsert, onManage }: QuickReplyPickerProps) {
  const { t } = useTranslation();
  const replies = useQuickReplies();
  const listId = useId();
  const titleId = useId();
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const refresh = replies?.refresh;
  useEffect(() => {
    void refresh?.();
  }, [refresh]);
  const shown = useMemo(() => filterQuickReplies(replies?.list ?? [], filter), [replies?.list, filter]);
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;
  if (!replies) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + shown.length) % shown.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      if (shown.length === 0) return;
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : shown.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = shown[activeIndex];
      if (chosen) onInsert(chosen.text);
    }
  };

  let status: string | null = null;
  if (replies.status === 'failed' && replies.error) status = deskErrorText(replies.error, t);
  else if (replies.status !== 'ready') status = t('desk.quickReplies.loading');
  else if (replies.list.length === 0) status = t('desk.quickReplies.none');
  else if (shown.length === 0) status = t('desk.quickReplies.noMatch', { filter: filter.trim() });

  return (
    <Popover
      open
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 420, maxWidth: 'calc(100% - 16px)' } } as object }}
      data-testid="quick-replies-picker"
    >
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={titleId} variant="subtitle2" component="h2">
          {t('desk.quickReplies.title')}
        </Typography>
        <TextField
          autoFocus
          size="small"
          label={t('desk.quickReplies.filter')}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          helperText={t('desk.quickReplies.hint')}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-expanded': true,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': shown.length > 0 ? optionId(activeIndex) : undefined,
              'data-testid': 'quick-replies-filter',
            },
          }}
        />
        {status && (
          <Typography variant="body2" color={replies.status === 'failed' ? 'error' : 'text.secondary'} role="status" data-testid="quick-replies-status">
            {status}
          </Typography>
        )}
        <Box
          component="ul"
          role="listbox"
          id={listId}
          aria-label={t('desk.quickReplies.list')}
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 260, overflowY: 'auto', display: shown.length ? 'block' : 'none' }}
        >
          {shown.map((reply, index) => (
            <Box
              component="li"
              key={reply.replyId}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              data-testid="quick-reply-option"
              // The filter keeps the focus; a click chooses without moving it.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => onInsert(reply.text)}
              sx={{
                px: 1,
                py: 0.75,
                borderRadius: 1,
                cursor: 'pointer',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                typography: 'body2',
                bgcolor: index === activeIndex ? 'action.selected' : undefined,
              }}
            >
              {reply.text}
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button size="small" onClick={onManage} data-testid="quick-replies-manage">
            {t('desk.quickReplies.manage')}
          </Button>
        </Box>
      </Box>
    </Popover>
  );
}
