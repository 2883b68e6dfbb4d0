// The session list: newest first, with preview, time and unread badge (max 99, console-spec §2).
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
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
}

export function SessionList({ sessions, activeSessionId, onOpen, now = Date.now() }: SessionListProps) {
  const { t } = useTranslation();
  if (sessions.length === 0) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {t('sessions.empty')}
      </Typography>
    );
  }
  return (
    <List disablePadding aria-label={t('sessions.title')}>
      {sessions.map((session) => {
        const name = sessionDisplayName(session);
        const preview = session.lastMessage ? messageDisplayText(session.lastMessage, t) : t('sessions.noMessages');
        const time = session.lastMessage ? formatChatTime(session.updateTime, now, t) : '';
        const unreadLabel = session.unread > 0 ? t('sessions.unread', { count: session.unread }) : '';
        const pinnedLabel = session.isTop ? t('sessions.pinned') : '';
        return (
          <ListItem key={session.id} disablePadding>
            <ListItemButton
              data-testid={`session-item-${session.peerAccount}`}
              selected={session.id === activeSessionId}
              sx={session.isTop ? { bgcolor: 'action.hover' } : undefined}
              aria-current={session.id === activeSessionId ? 'true' : undefined}
              onClick={() => onOpen(session.id)}
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
                      {[pinnedLabel, unreadLabel].filter(Boolean).map((label) => (
                        <Box component="span" key={label} sx={VISUALLY_HIDDEN}>
                          {`, ${label}`}
                        </Box>
                      ))}
                    </Box>
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
  );
}
