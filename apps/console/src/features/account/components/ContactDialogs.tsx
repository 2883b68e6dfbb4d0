// Changing the store's mobile (code to the new number) and email (code to the bound mobile).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { maskPhone } from '@merchant/ui-kit/format';
import { CheckCodeButton } from '../../registered/components/CheckCodeButton';
import { FormTextField } from '../../registered/components/FormTextField';
import { mobileField } from '../../registered/storeInfoSchema';
import { useSendUpdateEmailCheckCodeMutation, useSendUpdateMobileCheckCodeMutation, useUpdateStoreEmailMutation, useUpdateStoreMobileMutation } from '../api';
import { changeEmailSchema, changeMobileSchema, type ChangeEmailValues, type ChangeMobileValues } from '../accountSchemas';
import { FormDialog } from './FormDialog';
import { useDialogCall } from './useDialogCall';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function ChangeMobileDialog({ open, onClose, onSaved }: DialogProps) {
  const { t } = useTranslation();
  const { error, run } = useDialogCall();
  const [sendCode] = useSendUpdateMobileCheckCodeMutation();
  const [update, { isLoading }] = useUpdateStoreMobileMutation();
  const { control, handleSubmit, trigger, getValues } = useForm<ChangeMobileValues>({
    resolver: zodResolver(changeMobileSchema),
    defaultValues: { mobile: '', checkCode: '' },
  });
  const send = async () => {
    if (!(await trigger('mobile'))) return false;
    const result = await sendCode({ mobile: mobileField.parse(getValues('mobile')) });
    // A refused send shows its msg in the dialog (run never announces success for a failed call).
    return 'error' in result ? run(Promise.resolve(result)) : true;
  };
  const submit = handleSubmit(async (values) => {
    if (await run(update(values))) onSaved();
  });
  return (
    <FormDialog open={open} title={t('account.info.changeMobile')} error={error} busy={isLoading} onSubmit={(e) => void submit(e)} onClose={onClose} testId="change-mobile-dialog">
      <FormTextField control={control} name="mobile" label={t('account.dialog.newMobile')} inputMode="numeric" testId="change-mobile-mobile" required />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormTextField control={control} name="checkCode" label={t('account.dialog.checkCode')} inputMode="numeric" autoComplete="one-time-code" testId="change-mobile-code" required />
        <CheckCodeButton onSend={send} testId="change-mobile-send" />
      </Stack>
    </FormDialog>
  );
}

export function ChangeEmailDialog({ open, onClose, onSaved, boundMobile }: DialogProps & { boundMobile: string }) {
  const { t } = useTranslation();
  const { error, run } = useDialogCall();
  const [sendCode] = useSendUpdateEmailCheckCodeMutation();
  const [update, { isLoading }] = useUpdateStoreEmailMutation();
  const { control, handleSubmit } = useForm<ChangeEmailValues>({ resolver: zodResolver(changeEmailSchema), defaultValues: { email: '', checkCode: '' } });
  const send = async () => {
    const result = await sendCode();
    return 'error' in result ? run(Promise.resolve(result)) : true;
  };
  const submit = handleSubmit(async (values) => {
    if (await run(update(values))) onSaved();
  });
  return (
    <FormDialog open={open} title={t('account.info.changeEmail')} error={error} busy={isLoading} onSubmit={(e) => void submit(e)} onClose={onClose} testId="change-email-dialog">
      <FormTextField control={control} name="email" type="email" label={t('account.dialog.email')} autoComplete="email" testId="change-email-email" required />
      <Typography variant="body2" color="text.secondary">
        {t('account.dialog.emailCodeHint', { mobile: maskPhone(boundMobile) })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormTextField control={control} name="checkCode" label={t('account.dialog.checkCode')} inputMode="numeric" autoComplete="one-time-code" testId="change-email-code" required />
        <CheckCodeButton onSend={send} testId="change-email-send" />
      </Stack>
    </FormDialog>
  );
}
