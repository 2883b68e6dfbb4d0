// The owner's further actions on one member (issue 32 §1): make or remove a manager (advanced
// teams only: im-server answers 805 for a normal team) and transfer ownership (confirmed by the
// panel). Shown only to the owner, on members other than themselves.
import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVert from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import type { ImTeamType } from '@merchant/im-core';
import type { TeamMemberEntry } from './teams-port';

export type MemberMenuAction = 'makeManager' | 'removeManager' | 'transfer';

/** What the owner may do to `member` in a team of `teamType` (the panel shows the menu to the owner only). */
export function memberMenuActions(member: Pick<TeamMemberEntry, 'type'>, teamType: ImTeamType | undefined): MemberMenuAction[] {
  if (member.type === 'owner') return [];
  const managers: MemberMenuAction[] = teamType === 'advanced' ? [member.type === 'manager' ? 'removeManager' : 'makeManager'] : [];
  return [...managers, 'transfer'];
}

export interface TeamMemberMenuProps {
  member: TeamMemberEntry;
  name: string;
  teamType: ImTeamType | undefined;
  disabled: boolean;
  onAction(action: MemberMenuAction): void;
}

export function TeamMemberMenu({ member, name, teamType, disabled, onAction }: TeamMemberMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const actions = memberMenuActions(member, teamType);
  if (actions.length === 0) return null;
  const choose = (action: MemberMenuAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <>
      <IconButton
        size="small"
        disabled={disabled}
        aria-label={t('teamAdmin.member.more', { name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid={`team-member-more-${member.account}`}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem key={action} onClick={() => choose(action)} data-testid={`team-member-${action}`}>
            {t(`teamAdmin.member.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
