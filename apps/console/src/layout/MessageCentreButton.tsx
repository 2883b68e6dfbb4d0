// Navbar message-centre icon with the unread badge (§2, §9: maximum 99, then "99+"). The count
// is spoken through the link's name, so the badge itself is hidden from assistive technology. Shown only
// to holders of im:chat, like the message route it leads to. Until the chat frame's first report the count
// is unknown: a small skeleton stands in the badge, never a 0 not yet known (issue 35 §6).
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { useAppSelector } from '../app/hooks';
import { MESSAGE_PATH } from '../features/message/messagePath';
import { useMayChat } from '../features/message/imAccess';
import { BADGE_MAX } from './layoutConstants';

/** What the badge shows for a count: nothing for 0, the number up to 99, else "99+". */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

export function MessageCentreButton() {
  const { t } = useTranslation();
  const unread = useAppSelector((state) => state.im.unreadTotal);
  const unreadKnown = useAppSelector((state) => state.im.unreadKnown);
  const mayChat = useMayChat();
  if (!mayChat) return null;
  const label = unread > 0 ? t('layout.messagesWithUnread', { count: unread }) : t('layout.messages');
  return (
    <Tooltip title={t('layout.messages')}>
      <IconButton component={RouterLink} to={MESSAGE_PATH} aria-label={label} data-testid="nav-message" color="inherit">
        {/* Empty when nothing is unread: an invisible "0" would still count as the link's visible text. */}
        {/* Keyed: a hidden badge keeps showing its last content, and the skeleton must not linger in it. */}
        <Badge
          key={unreadKnown ? 'known' : 'loading'}
          badgeContent={unreadKnown ? badgeText(unread) || null : <Skeleton variant="circular" width={14} height={14} data-testid="message-badge-loading" sx={{ bgcolor: 'action.disabled' }} />}
          invisible={unreadKnown && unread <= 0}
          color={unreadKnown ? 'error' : 'default'}
          slotProps={{ badge: { 'data-testid': 'message-badge', 'aria-hidden': true } as object }}
        >
          <ChatBubbleOutlineIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
