// The session list: newest first, with preview, time and unread badge (max 99, console-spec §2).
// Stick-top sessions come first; each row has an actions menu (its button, a right click, or
// Shift+F10 / the context-menu key on the row) to stick it to the top or take it off.
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { ChatSession } from '../chat/chat-client';
import { formatChatTime } from '../i18n/format-time';
import { messageDisplayText } from '../i18n/message-text';
import { SessionAvatar } from './session-avatar';

export const UNREAD_BADGE_MAX = 99;

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export const sessionDisplayName = (session: ChatSession): string => session.peerNick || session.peerAccount;

export interface SessionListProps {
  sessions: readonly ChatSession[];
  activeSessionId?: string;
  onOpen(sessionId: string): void;
  /** Injected so that rendering is deterministic in tests. */
  now?: number;
  /**
   * Sticks a session to the top or takes it off; resolves true when done. Without it the rows
   * have no actions menu. Only sessions with a message (known to the server) offer it.
   */
  onSetTop?(sessionId: string, top: boolean): Promise<boolean>;
  /** Why the last stick-top change failed (shown as an alert). */
  topError?: string;
}

interface OpenMenu {
  session: ChatSession;
  anchor: HTMLElement;
}

/** Keys that open a row's actions menu, as they open a context menu elsewhere. */
const isContextMenuKey = (event: KeyboardEvent): boolean => event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10');

export function SessionList({ sessions, activeSessionId, onOpen, now = Date.now(), onSetTop, topError }: SessionListProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<OpenMenu | undefined>(undefined);
  /** What the last stick-top change did, for screen readers (a polite live region). */
  const [announcement, setAnnouncement] = useState('');
  const actionButtons = useRef(new Map<string, HTMLButtonElement>());

  const canStick = (session: ChatSession): boolean => Boolean(onSetTop && session.lastMessage);
  const openMenu = (session: ChatSession, anchor: HTMLElement | undefined) => {
    if (anchor && canStick(session)) setMenu({ session, anchor });
  };
  const chooseTop = async () => {
    if (!menu || !onSetTop) return;
    const { session } = menu;
    const top = session.isTop !== true;
    setMenu(undefined);
    if (await onSetTop(session.id, top)) setAnnouncement(t(top ? 'sessions.stuck' : 'sessions.unstuck', { name: sessionDisplayName(session) }));
  };

  if (sessions.length === 0) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {t('sessions.empty')}
      </Typography>
    );
  }
  return (
    <>
      {topError && (
        <Typography role="alert" variant="body2" color="error" sx={{ px: 2, py: 1 }} data-testid="session-top-error">
          {t('sessions.topFailed', { reason: topError })}
        </Typography>
      )}
      <Box role="status" sx={VISUALLY_HIDDEN} data-testid="session-announcement">
        {announcement}
      </Box>
      <List disablePadding aria-label={t('sessions.title')}>
        {sessions.map((session) => {
          const name = sessionDisplayName(session);
          const preview = session.lastMessage ? messageDisplayText(session.lastMessage, t) : t('sessions.noMessages');
          const time = session.lastMessage ? formatChatTime(session.updateTime, now, t) : '';
          const unreadLabel = session.unread > 0 ? t('sessions.unread', { count: session.unread }) : '';
          const pinnedLabel = session.isTop ? t('sessions.pinned') : '';
          const teamLabel = session.scene === 'team' ? t('sessions.team') : '';
          return (
            <ListItem
              key={session.id}
              disablePadding
              secondaryAction={
                canStick(session) ? (
                  <IconButton
                    edge="end"
                    size="small"
                    ref={(button: HTMLButtonElement | null) => {
                      if (button) actionButtons.current.set(session.id, button);
                      else actionButtons.current.delete(session.id);
                    }}
                    aria-label={t('sessions.actions', { name })}
                    aria-haspopup="menu"
                    aria-expanded={menu?.session.id === session.id ? 'true' : undefined}
                    aria-controls={menu?.session.id === session.id ? 'session-actions-menu' : undefined}
                    data-testid={`session-actions-${session.peerAccount}`}
                    onClick={(event) => openMenu(session, event.currentTarget)}
                  >
                    <MoreVert fontSize="small" />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemButton
                data-testid={`session-item-${session.peerAccount}`}
                selected={session.id === activeSessionId}
                sx={session.isTop ? { bgcolor: 'action.hover' } : undefined}
                aria-current={session.id === activeSessionId ? 'true' : undefined}
                onClick={() => onOpen(session.id)}
                onContextMenu={(event: MouseEvent) => {
                  if (!canStick(session)) return;
                  event.preventDefault();
                  openMenu(session, actionButtons.current.get(session.id));
                }}
                onKeyDown={(event: KeyboardEvent) => {
                  if (!isContextMenuKey(event) || !canStick(session)) return;
                  event.preventDefault();
                  openMenu(session, actionButtons.current.get(session.id));
                }}
              >
                <ListItemAvatar>
                  <Badge
                    color="error"
                    badgeContent={session.unread}
                    max={UNREAD_BADGE_MAX}
                    invisible={session.unread <= 0}
                    // The count is read out with the name ("3 unread"), not as a bare number.
                    slotProps={{ badge: { 'aria-hidden': true } }}
                    data-testid="session-unread"
                  >
                    <SessionAvatar name={name} avatarUrl={session.peerAvatar} />
                  </Badge>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {name}
                        {/* The row's accessible name is its visible text plus these (WCAG 2.5.3 label in name). */}
                        {[teamLabel, pinnedLabel, unreadLabel].filter(Boolean).map((label) => (
                          <Box component="span" key={label} sx={VISUALLY_HIDDEN}>
                            {`, ${label}`}
                          </Box>
                        ))}
                      </Box>
                      {session.scene === 'team' && <GroupsOutlined aria-hidden data-testid="session-team" sx={{ fontSize: 16, color: 'text.secondary', mt: 0.25 }} />}
                      {session.isTop && <PushPinOutlined aria-hidden data-testid="session-pinned" sx={{ fontSize: 14, color: 'text.secondary', ml: 'auto', mt: 0.25 }} />}
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                        {time}
                      </Typography>
                    </Box>
                  }
                  secondary={preview}
                  slotProps={{ secondary: { noWrap: true } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Menu id="session-actions-menu" anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(undefined)}>
        {menu && (
          <MenuItem onClick={() => void chooseTop()} data-testid={menu.session.isTop ? 'session-unstick-top' : 'session-stick-top'}>
            {t(menu.session.isTop ? 'sessions.unstickTop' : 'sessions.stickTop')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
