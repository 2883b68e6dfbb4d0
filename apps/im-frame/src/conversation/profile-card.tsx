// The customer's profile card (issue 10 "profile card"): the conversation header's name opens it.
// Fresh from im-server (getUsers) when reachable, else the stored copy; only fields the customer has.
// Below them the friend line (friends/add-friend-section.tsx) and the blocklist/mutelist switches
// (contacts/relation-controls.tsx).
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '../chat/chat-client';
import { useChatController } from '../chat/chat-context';
import { SessionAvatar } from '../sessions/session-avatar';
import { RelationControls } from '../contacts/relation-controls';
import { AddFriendSection } from '../friends/add-friend-section';

const FIELDS = ['account', 'sign', 'gender', 'birth', 'email', 'tel'] as const;

export function ProfileCard({ account, open, onClose }: { account: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const controller = useChatController();
  const [profile, setProfile] = useState<CustomerProfile | null | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    setProfile(undefined);
    let current = true;
    controller.getCustomerProfile(account).then(
      (found) => current && setProfile(found ?? null),
      () => current && setProfile(null),
    );
    return () => {
      current = false;
    };
  }, [open, account, controller]);

  const name = profile?.nick || account;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="profile-card-title" data-testid="profile-card">
      <DialogTitle id="profile-card-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <SessionAvatar name={name} avatarUrl={profile?.avatar} />
        {name}
      </DialogTitle>
      <DialogContent>
        {profile === undefined && <Typography role="status">{t('profile.loading')}</Typography>}
        {profile === null && <Typography color="text.secondary">{t('profile.unavailable')}</Typography>}
        {profile && (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {FIELDS.filter((field) => profile[field]).map((field) => (
              <Box key={field} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {t(`profile.${field}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {field === 'gender' ? t(`profile.genders.${profile.gender}`) : profile[field]}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        <AddFriendSection account={account} name={name} />
        <RelationControls account={account} />
      </DialogContent>
    </Dialog>
  );
}
