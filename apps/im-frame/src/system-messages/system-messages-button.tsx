// The header button that opens the system notifications, with the unread count as a badge.
import { useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { useContacts, useContactsValue } from '../contacts/use-contacts';
import { SystemMessagesDialog } from './system-messages-dialog';

export function SystemMessagesButton({ now }: { now?: number }) {
  const { t } = useTranslation();
  const contacts = useContacts();
  const unread = useContactsValue(contacts, (port) => port.unreadSystemMessages(), []) ?? 0;
  const [open, setOpen] = useState(false);
  if (!contacts) return null;
  const label = unread > 0 ? t('systemMessages.openWithUnread', { count: unread }) : t('systemMessages.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={() => setOpen(true)} data-testid="system-messages-open">
          {/* The label already says the count. With nothing unread there is no badge at all: its hidden
              "0" made the visible text differ from the name (axe label-content-name-mismatch). */}
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={99} aria-hidden>
              <NotificationsNoneOutlined />
            </Badge>
          ) : (
            <NotificationsNoneOutlined />
          )}
        </IconButton>
      </Tooltip>
      <SystemMessagesDialog open={open} onClose={() => setOpen(false)} now={now} />
    </>
  );
}
