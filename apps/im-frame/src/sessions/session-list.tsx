// The session list: newest first, with preview, time and unread badge (max 99, console-spec §2).
// Stick-top sessions come first; each row has an actions menu (its button, a right click, or
// Shift+F10 / the context-menu key on the row) to stick it to the top or take it off, and (issue 32 §9)
// to edit the top note, mute it or delete it. A row also shows the customer's online status, whether
// the conversation is muted, its top note and its unsent draft.
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
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { ChatSession } from '../chat/chat-client';
import { formatChatTime } from '../i18n/format-time';
import { messageDisplayText } from '../i18n/message-text';
import { SessionAvatar } from './session-avatar';
import { PresenceBadge } from '../presence/presence-badge';
import type { Presence } from '../presence/presence-port';

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
  /** More row actions (issue 32 §9); each item shows only where its `can…` says so. */
  actions?: SessionRowActions;
  /** A customer's online status (presence/), undefined when not known. */
  presenceOf?(account: string): Presence | undefined;
  /** The conversation's unsent draft ('' when none). */
  draftOf?(sessionId: string): string;
  /** Whether the conversation is muted (its badge turns grey, a muted mark shows). */
  isMuted?(session: ChatSession): boolean;
}

/** The actions menu's items beside stick-top; the container runs them (dialogs, controller calls). */
export interface SessionRowActions {
  canEditNote?(session: ChatSession): boolean;
  onEditNote?(session: ChatSession): void;
  canMute?(session: ChatSession): boolean;
  onToggleMute?(session: ChatSession): void;
  canDelete?(session: ChatSession): boolean;
  onDelete?(session: ChatSession): void;
}

interface OpenMenu {
  session: ChatSession;
  anchor: HTMLElement;
}

/** Keys that open a row's actions menu, as they open a context menu elsewhere. */
const isContextMenuKey = (event: KeyboardEvent): boolean => event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10');

export function SessionList({ sessions, activeSessionId, onOpen, now = Date.now(), onSetTop, topError, actions, presenceOf, draftOf, isMuted }: SessionListProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<OpenMenu | undefined>(undefined);
  /** What the last stick-top change did, for screen readers (a polite live region). */
  const [announcement, setAnnouncement] = useState('');
  const actionButtons = useRef(new Map<string, HTMLButtonElement>());

  // Only conversations the server knows (they have a message) have actions.
  const canStick = (session: ChatSession): boolean =>
    Boolean(session.lastMessage && (onSetTop || actions?.canMute?.(session) || actions?.canDelete?.(session)));
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

  /** Closes the menu and runs one of the container's actions on its session. */
  const runAction = (action: ((session: ChatSession) => void) | undefined) => {
    if (!menu) return;
    setMenu(undefined);
    action?.(menu.session);
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
          const presence = session.scene === 'team' ? undefined : presenceOf?.(session.peerAccount);
          const muted = isMuted?.(session) === true;
          const draft = session.id === activeSessionId ? '' : (draftOf?.(session.id) ?? '');
          const note = session.isTop ? session.topCustom : undefined;
          const extraLabels = [presence ? t(`presence.${presence}`) : '', muted ? t('conversations.muted') : ''];
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
                    badgeContent={session.unread}
                    max={UNREAD_BADGE_MAX}
                    invisible={session.unread <= 0}
                    // The count is read out with the name ("3 unread"), not as a bare number.
                    slotProps={{ badge: { 'aria-hidden': true } }}
                    data-testid="session-unread"
                    // A muted conversation's count is grey: there, but not calling for attention.
                    color={muted ? 'default' : 'error'}
                  >
                    <PresenceBadge presence={presence}>
                      <SessionAvatar name={name} avatarUrl={session.peerAvatar} />
                    </PresenceBadge>
                  </Badge>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {name}
                        {/* The row's accessible name is its visible text plus these (WCAG 2.5.3 label in name). */}
                        {[teamLabel, ...extraLabels, pinnedLabel, unreadLabel].filter(Boolean).map((label) => (
                          <Box component="span" key={label} sx={VISUALLY_HIDDEN}>
                            {`, ${label}`}
                          </Box>
                        ))}
                      </Box>
                      {session.scene === 'team' && <GroupsOutlined aria-hidden data-testid="session-team" sx={{ fontSize: 16, color: 'text.secondary', mt: 0.25 }} />}
                      {muted && <NotificationsOffOutlined aria-hidden data-testid="session-muted" sx={{ fontSize: 14, color: 'text.secondary', ml: 'auto', mt: 0.25 }} />}
                      {session.isTop && <PushPinOutlined aria-hidden data-testid="session-pinned" sx={{ fontSize: 14, color: 'text.secondary', ml: muted ? 0 : 'auto', mt: 0.25 }} />}
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                        {time}
                      </Typography>
                    </Box>
                  }
                  secondary={
                    <>
                      {note && (
                        <Box component="span" data-testid="session-top-note" sx={{ display: 'block', color: 'primary.dark', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {t('conversations.topNoteRow', { note })}
                        </Box>
                      )}
                      {draft ? (
                        <Box component="span" data-testid="session-draft" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          <Box component="span" sx={{ color: 'error.dark' }}>{t('conversations.draft')}</Box> {draft}
                        </Box>
                      ) : (
                        <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {preview}
                        </Box>
                      )}
                    </>
                  }
                  slotProps={{ secondary: { noWrap: true, component: 'span', sx: { display: 'block' } } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Menu id="session-actions-menu" anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(undefined)}>
        {menu && onSetTop && (
          <MenuItem onClick={() => void chooseTop()} data-testid={menu.session.isTop ? 'session-unstick-top' : 'session-stick-top'}>
            {t(menu.session.isTop ? 'sessions.unstickTop' : 'sessions.stickTop')}
          </MenuItem>
        )}
        {menu && menu.session.isTop && actions?.onEditNote && actions.canEditNote?.(menu.session) && (
          <MenuItem onClick={() => runAction(actions.onEditNote)} data-testid="session-edit-note">
            {t(menu.session.topCustom ? 'conversations.editTopNote' : 'conversations.addTopNote')}
          </MenuItem>
        )}
        {menu && actions?.onToggleMute && actions.canMute?.(menu.session) && (
          <MenuItem onClick={() => runAction(actions.onToggleMute)} data-testid={isMuted?.(menu.session) ? 'session-unmute' : 'session-mute'}>
            {t(isMuted?.(menu.session) ? 'conversations.unmute' : 'conversations.mute')}
          </MenuItem>
        )}
        {menu && actions?.onDelete && actions.canDelete?.(menu.session) && (
          <MenuItem onClick={() => runAction(actions.onDelete)} data-testid="session-delete" sx={{ color: 'error.dark' }}>
            {t('conversations.delete')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
