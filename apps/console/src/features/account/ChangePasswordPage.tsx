// /shop/accountMgmt/accountInfo/password: old password plus a new one under the §5 rules, on the form kit;
// a save says 'modified successfully' and goes back to the account page.
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountEndpoints } from '@merchant/api-contracts';
import { defineResourceForm, useResourceActions, useResourceForm } from '../../resource-kit';
import { ResourceFormFields } from '../../resource-kit/ResourceFormFields';
import { accountApi } from './api';
import { changePasswordSchema, type ChangePasswordValues } from './accountSchemas';

export const ACCOUNT_INFO_PATH = '/shop/accountMgmt/accountInfo';

export const changePasswordForm = defineResourceForm<ChangePasswordValues>({
  schema: changePasswordSchema,
  defaults: { oldPassword: '', newPassword: '', confirmPassword: '' },
  fields: [
    { name: 'oldPassword', labelKey: 'account.password.oldPassword', kind: 'password', autoComplete: 'current-password', testId: 'password-old' },
    { name: 'newPassword', labelKey: 'account.password.newPassword', kind: 'password', helperKey: 'account.password.newPasswordHelp', testId: 'password-new' },
    { name: 'confirmPassword', labelKey: 'account.password.confirmPassword', kind: 'password', required: true, testId: 'password-confirm' },
  ],
  create: {
    endpoint: accountApi.endpoints.updatePasswordByToken as never,
    contract: accountEndpoints.updatePasswordByToken,
    toBiz: ({ oldPassword, newPassword }) => ({ oldPassword, newPassword }),
  },
});

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { context } = useResourceActions();
  const engine = useResourceForm(changePasswordForm, {
    initial: changePasswordForm.defaults,
    context,
    successKey: 'resourceKit.modified',
    onSaved: () => context.navigate(ACCOUNT_INFO_PATH),
  });
  return (
    <Paper sx={{ p: 3, maxWidth: 560 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
        {t('account.password.heading')}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={engine.submit} aria-label={t('account.password.heading')}>
        <ResourceFormFields engine={engine} fields={changePasswordForm.fields} editing={false} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" loading={engine.submitting} disabled={engine.submitting} data-testid="password-submit">
            {t('account.password.submit')}
          </Button>
          <Button component={RouterLink} to={ACCOUNT_INFO_PATH}>
            {t('account.password.back')}
          </Button>
        </Stack>
      </Stack>
      {engine.question}
    </Paper>
  );
}
