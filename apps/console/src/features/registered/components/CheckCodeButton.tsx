// "Get code" for an SMS check code, then a countdown before the next one can be asked for.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';

/** store-server accepts one check code per mobile a minute (apps/store-server/docs/api.md). */
export const CHECK_CODE_RESEND_SECONDS = 60;

export interface CheckCodeButtonProps {
  /** Sends the code; resolves true when it went out (the countdown starts). */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
  testId?: string;
}

export function CheckCodeButton({ onSend, disabled, testId }: CheckCodeButtonProps) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setSecondsLeft(CHECK_CODE_RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      variant="outlined"
      onClick={() => void send()}
      disabled={disabled || sending || secondsLeft > 0}
      data-testid={testId}
      sx={{ whiteSpace: 'nowrap', minWidth: 140, height: 56 }}
    >
      {secondsLeft > 0 ? t('registered.checkCode.resend', { seconds: secondsLeft }) : t('registered.checkCode.send')}
    </Button>
  );
}
