// Shown when the chat cache fell back to memory (the browser refused IndexedDB to the embedded
// frame): the chat works, but what it shows is gone after a reload until the server sends it again.
// Where the browser has the Storage Access API, the merchant can allow storage with one click.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { StorageOutcome } from '../chat/open-chat-store';

export interface StorageNoticeProps {
  storage: StorageOutcome;
  /** Resolves true when the browser granted storage; the frame then restarts on it. */
  onRequestAccess?: () => Promise<boolean>;
}

export function StorageNotice({ storage, onRequestAccess }: StorageNoticeProps) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState(false);
  if (storage.kind !== 'memory') return null;
  const canAsk = storage.canRequestAccess && onRequestAccess !== undefined;
  const ask = async () => setRefused(!(await onRequestAccess!()));
  return (
    <Alert
      severity="info"
      data-testid="storage-notice"
      sx={{ borderRadius: 0, py: 0 }}
      action={
        canAsk ? (
          <Button color="inherit" size="small" onClick={() => void ask()} data-testid="storage-allow">
            {t('storage.allow')}
          </Button>
        ) : undefined
      }
    >
      {refused ? t('storage.refused') : t('storage.memoryOnly')}
    </Alert>
  );
}
