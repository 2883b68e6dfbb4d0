// The p2p conversation header's call button (issue 32 §3 "Calls"): a menu of "Voice call" and "Video call";
// either one calls the conversation's customer and shows the outgoing call dialog. Not in team conversations,
// and only when the client can place calls.
import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CallOutlined from '@mui/icons-material/CallOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import { useTranslation } from 'react-i18next';
import { accountOfSessionId, isTeamSessionId } from '../chat/chat-client';
import { useChatController } from '../chat/chat-context';
import { OutgoingCallDialog } from './outgoing-call-dialog';

interface Placing {
  /** One dialog (and one call) per choice. */
  key: number;
  to: string;
  name: string;
  kind: 'audio' | 'video';
}

export function CallButton({ sessionId, name, ringTimeoutMs }: { sessionId: string; name: string; ringTimeoutMs?: number }) {
  const { t } = useTranslation();
  const controller = useChatController();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [placing, setPlacing] = useState<Placing | undefined>();
  const calls = controller.calls;
  // The dialog outlives a change of conversation (it is modal, so only one the merchant did not choose).
  const dialog = calls && placing && (
    <OutgoingCallDialog key={placing.key} calls={calls} to={placing.to} name={placing.name} kind={placing.kind} ringTimeoutMs={ringTimeoutMs} onClose={() => setPlacing(undefined)} />
  );
  if (!calls || typeof calls.place !== 'function' || isTeamSessionId(sessionId)) return dialog || null;

  const choose = (kind: 'audio' | 'video') => {
    setAnchor(null);
    setPlacing((previous) => ({ key: (previous?.key ?? 0) + 1, to: accountOfSessionId(sessionId), name, kind }));
  };
  const label = t('call.outgoing.start', { name });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="call-start"
        >
          <CallOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { id: menuId, 'aria-label': label } }}>
        <MenuItem onClick={() => choose('audio')} data-testid="call-start-audio">
          <ListItemIcon>
            <PhoneOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('call.outgoing.audio')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => choose('video')} data-testid="call-start-video">
          <ListItemIcon>
            <VideocamOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('call.outgoing.video')}</ListItemText>
        </MenuItem>
      </Menu>
      {dialog}
    </>
  );
}
