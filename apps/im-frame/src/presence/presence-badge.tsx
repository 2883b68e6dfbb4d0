// The online-status dot on a customer's avatar (issue 32 §7). Decorative: the row's accessible name
// says "online" / "offline" in words, so the dot is hidden from screen readers.
import type { ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import type { Presence } from './presence-port';

export function PresenceBadge({ presence, children }: { presence: Presence | undefined; children: ReactNode }) {
  if (!presence) return <>{children}</>;
  return (
    <Badge
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      data-testid="session-presence"
      data-presence={presence}
      slotProps={{ badge: { 'aria-hidden': true } }}
      sx={{
        '& .MuiBadge-badge': {
          // success.main on white is a dot, not text: WCAG's 3:1 for graphics holds with the white ring.
          bgcolor: presence === 'online' ? 'success.main' : 'grey.500',
          width: 10,
          height: 10,
          borderRadius: '50%',
          boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
        },
      }}
    >
      {children}
    </Badge>
  );
}
