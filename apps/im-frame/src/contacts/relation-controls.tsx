// Blocklist and mutelist of one customer (issue 10 §8), shown on the profile card: two switches
// that change the list on im-server and show the result the server kept.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useContacts, useContactsValue } from './use-contacts';

type Flag = 'isBlacked' | 'isMuted';

export function RelationControls({ account }: { account: string }) {
  const { t } = useTranslation();
  const contacts = useContacts();
  const relation = useContactsValue(contacts, (port) => port.getRelation(account), [account]);
  const [busy, setBusy] = useState<Flag | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  if (!contacts) return null;

  const toggle = async (flag: Flag, on: boolean) => {
    setBusy(flag);
    setFailure(undefined);
    try {
      await (flag === 'isBlacked' ? contacts.setInBlacklist(account, on) : contacts.setInMutelist(account, on));
    } catch (error) {
      setFailure(t('relations.failed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(undefined);
    }
  };

  const row = (flag: Flag, label: string, hint: string) => (
    <FormControlLabel
      control={
        <Switch
          checked={relation?.[flag] ?? false}
          disabled={relation === undefined || busy !== undefined}
          onChange={(event) => void toggle(flag, event.target.checked)}
          slotProps={{ input: { 'aria-describedby': `relation-${flag}-hint` } }}
        />
      }
      label={
        <Box>
          <Typography>{label}</Typography>
          <Typography id={`relation-${flag}-hint`} variant="caption" color="text.secondary">
            {hint}
          </Typography>
        </Box>
      }
    />
  );

  return (
    <Box component="section" aria-labelledby="relation-controls-title" sx={{ mt: 2 }} data-testid="relation-controls">
      <Typography id="relation-controls-title" variant="subtitle2" component="h2">
        {t('relations.title')}
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <FormGroup>
        {row('isBlacked', t('relations.blacklist'), t('relations.blacklistHint'))}
        {row('isMuted', t('relations.mutelist'), t('relations.mutelistHint'))}
      </FormGroup>
    </Box>
  );
}
