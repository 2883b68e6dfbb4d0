// The pay-password dialogs: init (first one, with a check code), set (forgotten, with a check
// code), update (old and new) and check (password plus a check code). Codes go to the store mobile.
import { useForm, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { CheckCodeButton } from '../../registered/components/CheckCodeButton';
import { FormTextField } from '../../registered/components/FormTextField';
import {
  useCheckPayPasswordMutation,
  useInitPayPasswordMutation,
  useSendPayPasswordCheckCodeMutation,
  useSetPayPasswordMutation,
  useUpdatePayPasswordMutation,
} from '../api';
import { checkPayPasswordSchema, payPasswordWithCodeSchema, updatePayPasswordSchema } from '../accountSchemas';
import { FormDialog } from './FormDialog';
import { useDialogCall } from './useDialogCall';

export type PayPasswordMode = 'init' | 'set' | 'update' | 'check';

const SCHEMAS: Record<PayPasswordMode, z.ZodType<FieldValues, FieldValues>> = {
  init: payPasswordWithCodeSchema,
  set: payPasswordWithCodeSchema,
  update: updatePayPasswordSchema,
  check: checkPayPasswordSchema,
};

const DEFAULTS: Record<PayPasswordMode, Record<string, string>> = {
  init: { checkCode: '', payPassword: '', confirmPayPassword: '' },
  set: { checkCode: '', payPassword: '', confirmPayPassword: '' },
  update: { oldPayPassword: '', payPassword: '', confirmPayPassword: '' },
  check: { payPassword: '', checkCode: '' },
};

export interface PayPasswordDialogProps {
  mode: PayPasswordMode;
  onClose: () => void;
  onDone: () => void;
}

/** Mounted per opening (keyed by mode), so every dialog starts empty. */
export function PayPasswordDialog({ mode, onClose, onDone }: PayPasswordDialogProps) {
  const { t } = useTranslation();
  const { error, run } = useDialogCall();
  const [sendCode] = useSendPayPasswordCheckCodeMutation();
  const [init, initState] = useInitPayPasswordMutation();
  const [reset, resetState] = useSetPayPasswordMutation();
  const [update, updateState] = useUpdatePayPasswordMutation();
  const [check, checkState] = useCheckPayPasswordMutation();
  const busy = initState.isLoading || resetState.isLoading || updateState.isLoading || checkState.isLoading;
  const { control, handleSubmit } = useForm<FieldValues>({ resolver: zodResolver(SCHEMAS[mode]), defaultValues: DEFAULTS[mode] });
  const withCode = mode !== 'update';
  const field = (name: string, labelKey: string, extra: { autoComplete?: string } = {}) => (
    <FormTextField
      control={control}
      name={name}
      type={name === 'checkCode' ? 'text' : 'password'}
      label={t(labelKey)}
      inputMode="numeric"
      testId={`pay-password-${name}`}
      required
      slotProps={{ htmlInput: { maxLength: 6 } }}
      {...extra}
    />
  );

  const send = async () => {
    if (mode === 'update') return false;
    const result = await sendCode(mode);
    return 'error' in result ? run(Promise.resolve(result)) : true;
  };

  const submit = handleSubmit(async (values) => {
    const v = values as Record<string, string>;
    const call =
      mode === 'init'
        ? init({ payPassword: v.payPassword, checkCode: v.checkCode })
        : mode === 'set'
          ? reset({ payPassword: v.payPassword, checkCode: v.checkCode })
          : mode === 'update'
            ? update({ oldPayPassword: v.oldPayPassword, newPayPassword: v.payPassword })
            : check({ payPassword: v.payPassword, checkCode: v.checkCode });
    if (await run(call, mode === 'check' ? 'account.pay.checked' : 'account.dialog.saved')) onDone();
  });

  return (
    <FormDialog open title={t(`account.pay.${mode}`)} error={error} busy={busy} onSubmit={(e) => void submit(e)} onClose={onClose} testId="pay-password-dialog">
      {mode === 'update' && field('oldPayPassword', 'account.dialog.oldPayPassword', { autoComplete: 'current-password' })}
      {field('payPassword', mode === 'check' ? 'account.dialog.payPassword' : 'account.dialog.newPayPassword', { autoComplete: mode === 'check' ? 'current-password' : 'new-password' })}
      {mode !== 'check' && field('confirmPayPassword', 'account.dialog.confirmPayPassword', { autoComplete: 'new-password' })}
      {withCode && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('account.dialog.codeToStoreMobile')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {field('checkCode', 'account.dialog.checkCode', { autoComplete: 'one-time-code' })}
            <CheckCodeButton onSend={send} testId="pay-password-send" />
          </Stack>
        </>
      )}
    </FormDialog>
  );
}
