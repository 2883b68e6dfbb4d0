// /shop/accountMgmt/accountInfo/password: old password plus a new one under the §5 rules, on the form kit;
// a save says 'modified successfully' and goes back to the account page.
import { useTranslation } from 'react-i18next';
import { accountEndpoints } from '@merchant/api-contracts';
import { ResourceFormScreen, defineResourceForm } from '../../resource-kit';
import { accountApi } from './api';
import { ACCOUNT_INFO_PATH } from './paths';
import { changePasswordSchema, type ChangePasswordValues } from './accountSchemas';


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
  return (
    <ResourceFormScreen
      definition={changePasswordForm}
      title={t('account.password.heading')}
      backTo={ACCOUNT_INFO_PATH}
      submitKey="account.password.submit"
      backKey="account.password.back"
      successKey="resourceKit.modified"
      submitTestId="password-submit"
      maxWidth={560}
    />
  );
}
