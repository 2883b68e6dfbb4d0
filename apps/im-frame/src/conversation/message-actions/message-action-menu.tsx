// One menu for everything a merchant can do with a message (issue 32 §4): a visible "more" button beside the
// message's time, and the same menu on a right click or Shift+F10 / the context-menu key inside the message.
// Quick comments (emoji) are its first row, the actions follow; each is listed only where the rules allow it
// (message-action-rules.ts). Arrow keys move through it, Escape closes it and gives the focus back.
import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';

export interface MessageAction {
  /** Also the test id: `message-<key>`. */
  key: string;
  label: string;
  onSelect(): void;
  /** Destructive actions (recall, delete) are set apart and coloured. */
  danger?: boolean;
}

export interface MessageReaction {
  body: number;
  emoji: string;
  /** "React with 👍". */
  label: string;
  /** I already reacted with it: choosing it takes mine back. */
  mine: boolean;
  onSelect(): void;
}

export interface MessageMenuModel {
  /** The "more" button's name: "Message actions: <snippet>". */
  label: string;
  reactions: MessageReaction[];
  actions: MessageAction[];
}

type Anchor = { element: HTMLElement } | { top: number; left: number };

/**
 * The "more" button, the menu, and the handlers that open it from the message itself: spread `contextProps` on
 * the message's element (a right click, or Shift+F10 / the context-menu key while the focus is inside it), put
 * `button` where it shows (beside the time) and `menu` anywhere (it renders in a popover).
 */
export function useMessageMenu(model: MessageMenuModel | undefined): { contextProps: { onContextMenu?(event: MouseEvent): void; onKeyDown?(event: KeyboardEvent): void }; button: ReactNode; menu: ReactNode } {
  const [anchor, setAnchor] = useState<Anchor | undefined>();
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!model || (model.actions.length === 0 && model.reactions.length === 0)) return { contextProps: {}, button: null, menu: null };
  const close = () => setAnchor(undefined);
  const choose = (select: () => void) => () => {
    close();
    select();
  };
  const contextProps = {
    onContextMenu(event: MouseEvent) {
      event.preventDefault();
      setAnchor({ top: event.clientY, left: event.clientX });
    },
    onKeyDown(event: KeyboardEvent) {
      if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
        event.preventDefault();
        if (buttonRef.current) setAnchor({ element: buttonRef.current });
      }
    },
  };
  const destructive = model.actions.filter((action) => action.danger);
  const plain = model.actions.filter((action) => !action.danger);
  const button = (
    <IconButton
      ref={buttonRef}
      size="small"
      aria-label={model.label}
      aria-haspopup="menu"
      aria-expanded={anchor ? true : undefined}
      data-testid="message-more"
      onClick={(event) => setAnchor({ element: event.currentTarget })}
      sx={{ p: 0.25, color: 'text.secondary' }}
    >
      <MoreHorizIcon fontSize="small" />
    </IconButton>
  );
  const menu = (
    <Menu
      open={anchor !== undefined}
      onClose={close}
      anchorEl={anchor && 'element' in anchor ? anchor.element : undefined}
      anchorReference={anchor && 'top' in anchor ? 'anchorPosition' : 'anchorEl'}
      anchorPosition={anchor && 'top' in anchor ? anchor : undefined}
      slotProps={{ list: { 'aria-label': model.label, dense: true, sx: { maxWidth: 260 } } as object }}
      data-testid="message-menu"
    >
      {model.reactions.map((reaction) => (
        <MenuItem
          key={`react-${reaction.body}`}
          role="menuitemcheckbox"
          aria-checked={reaction.mine}
          aria-label={reaction.label}
          data-testid={`message-react-${reaction.body}`}
          onClick={choose(reaction.onSelect)}
          sx={{ display: 'inline-flex', minWidth: 0, px: 0.75, fontSize: 18, borderRadius: 1, ...(reaction.mine ? { bgcolor: 'action.selected' } : {}) }}
        >
          <span aria-hidden="true">{reaction.emoji}</span>
        </MenuItem>
      ))}
      {model.reactions.length > 0 && plain.length + destructive.length > 0 && <Divider />}
      {plain.map((action) => (
        <MenuItem key={action.key} data-testid={`message-${action.key}`} onClick={choose(action.onSelect)}>
          <ListItemText>{action.label}</ListItemText>
        </MenuItem>
      ))}
      {destructive.length > 0 && plain.length > 0 && <Divider />}
      {destructive.map((action) => (
        <MenuItem key={action.key} data-testid={`message-${action.key}`} onClick={choose(action.onSelect)} sx={{ color: 'error.main' }}>
          <ListItemText>{action.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
  return { contextProps, button, menu };
}
