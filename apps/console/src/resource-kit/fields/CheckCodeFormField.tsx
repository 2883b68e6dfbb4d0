// kind 'checkCode': an SMS (or e-mail) check code and its "send code" button. The field the code goes to
// (`checkCode.mobileField`, when the form has one) is checked first; a send that went out starts the wait before the next one
// (store-server sends one code a minute). Built from FormControl + OutlinedInput rather than TextField,
// which also brings Select, Menu and Modal: the sign-in page stays light (docs/performance.md).
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import type { ResourceFormInputProps } from '../types';
import { useFieldControl } from './useFieldControl';

/** store-server accepts one check code per mobile a minute (apps/store-server/docs/api.md). */
export const CHECK_CODE_RESEND_SECONDS = 60;

/** store-server's check codes are 6 digits. */
const CHECK_CODE_DIGITS = 6;

/** The wait before the next code: `start()` after a send that went out. */
export function useCheckCodeCountdown(): { secondsLeft: number; start(): void } {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, start: () => setSecondsLeft(CHECK_CODE_RESEND_SECONDS) };
}

export interface CheckCodeButtonProps {
  /** Sends the code; resolves true when it went out (the countdown starts). */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
  testId?: string;
}

/** "Send code", then "resend in N s" until the next code may be asked for. */
export function CheckCodeButton({ onSend, disabled, testId }: CheckCodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useCheckCodeCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) countdown.start();
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={() => void send()}
      disabled={disabled || sending || countdown.secondsLeft > 0}
      data-testid={testId}
      sx={{ whiteSpace: 'nowrap', minWidth: 128, height: 40 }}
    >
      {countdown.secondsLeft > 0 ? t('resourceKit.fields.checkCode.resend', { seconds: countdown.secondsLeft }) : t('resourceKit.fields.checkCode.send')}
    </Button>
  );
}

export function CheckCodeFormField({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const { trigger, getValues } = useFormContext();
  const options = field.checkCode;
  if (!options) throw new Error(`checkCode field "${field.name}" needs its checkCode options`);
  const sendCode = options.useSend();
  const send = async () => {
    const to = options.mobileField;
    if (to === undefined) return sendCode('');
    if (!(await trigger(to))) return false;
    return sendCode(String(getValues(to) ?? '').trim());
  };
  const helperId = `${control.id}-helper`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormControl variant="outlined" size="small" fullWidth required={required} disabled={disabled} error={Boolean(control.error)}>
        <InputLabel htmlFor={control.id}>{control.label}</InputLabel>
        <OutlinedInput
          id={control.id}
          name={control.name}
          label={control.label}
          inputRef={control.ref}
          value={(control.value as string | undefined) ?? ''}
          onChange={(event) => control.onChange(event.target.value.replace(/\D/g, '').slice(0, CHECK_CODE_DIGITS))}
          onBlur={control.onBlur}
          autoComplete="one-time-code"
          aria-describedby={control.helperText ? helperId : undefined}
          inputProps={{ inputMode: 'numeric', maxLength: CHECK_CODE_DIGITS, 'data-testid': field.testId }}
        />
        {control.helperText && <FormHelperText id={helperId}>{control.helperText}</FormHelperText>}
      </FormControl>
      <CheckCodeButton onSend={send} disabled={disabled} testId={options.sendTestId ?? `${field.name}-send`} />
    </Stack>
  );
}

export default CheckCodeFormField;
