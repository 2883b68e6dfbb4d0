// /shop/accountMgmt/accountInfo/password: old password plus a new one under the §5 rules.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormTextField } from '../registered/components/FormTextField';
import { useUpdatePasswordByTokenMutation } from './api';
import { changePasswordSchema, type ChangePasswordValues } from './accountSchemas';
import { useDialogCall } from './components/useDialogCall';

export const ACCOUNT_INFO_PATH = '/shop/accountMgmt/accountInfo';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { error, run } = useDialogCall();
  const [update, { isLoading }] = useUpdatePasswordByTokenMutation();
  const { control, handleSubmit, reset } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const submit = handleSubmit(async (values) => {
    if (await run(update({ oldPassword: values.oldPassword, newPassword: values.newPassword }))) reset();
  });
  return (
    <Paper sx={{ p: 3, maxWidth: 560 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
        {t('account.password.heading')}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-label={t('account.password.heading')}>
        <FormTextField control={control} name="oldPassword" type="password" label={t('account.password.oldPassword')} autoComplete="current-password" testId="password-old" required />
        <FormTextField control={control} name="newPassword" type="password" label={t('account.password.newPassword')} helperText={t('account.password.newPasswordHelp')} autoComplete="new-password" testId="password-new" required />
        <FormTextField control={control} name="confirmPassword" type="password" label={t('account.password.confirmPassword')} autoComplete="new-password" testId="password-confirm" required />
        {error && (
          <Alert severity="error" role="alert" data-testid="password-error">
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={isLoading} data-testid="password-submit">
            {t('account.password.submit')}
          </Button>
          <Button component={RouterLink} to={ACCOUNT_INFO_PATH}>
            {t('account.password.back')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
