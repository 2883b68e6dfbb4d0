// /shop/accountMgmt/accountInfo: account info, mobile and email changes with check codes, the
// sign-in password, the pay password (init / forgotten / change / verify), the sign-ins and devices, and log out.
// Pay-password changes need the `pay:password` code (console-spec §6, docs/permissions.md).
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS } from '@merchant/api-contracts';
import { ConfirmDialog, PermissionButton } from '@merchant/ui-kit';
import { maskPhone } from '@merchant/ui-kit/format';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../routes/RootLayout';
import { LOGIN_PATH } from '../../routes/routeDecision';
import { logOut } from '../auth/session';
import { ResourceFormDialog, useResourceActions, type ResourceFormDefinition } from '../../resource-kit';
import { useAccountInfoQuery, useIsSetPayPasswordQuery } from './api';
import { changeEmailForm, changeMobileForm } from './forms/contactForms';
import { payPasswordForm, type PayPasswordMode } from './forms/payPasswordForms';

export const CHANGE_PASSWORD_PATH = '/shop/accountMgmt/accountInfo/password';
/** Issue 26 §3: sign-ins and signed-in devices (features/shop/access). */
export const ACCOUNT_DETAIL_PATH = '/shop/accountMgmt/accountInfo/detail';

function Row({ label, value, testId, action }: { label: string; value: ReactNode; testId: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr auto' }, alignItems: 'center', gap: 1, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }} data-testid={testId}>
        {value}
      </Typography>
      <Box>{action}</Box>
    </Box>
  );
}

export function AccountInfoPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const info = useAccountInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const pay = useIsSetPayPasswordQuery(undefined, { refetchOnMountOrArgChange: true });
  const actions = useResourceActions();
  const [confirmLogOut, setConfirmLogOut] = useState(false);

  if (info.isLoading || pay.isLoading) return <PageLoading />;
  const account = info.data;
  const payIsSet = pay.data?.isSetPayPassword === true;
  /** A form in a dialog; when it closes (saved or not) the page reads what it shows again. */
  const open = <V extends Record<string, unknown>>(definition: ResourceFormDefinition<V>, titleKey: string, reread: () => unknown) =>
    actions.context.openDialog((close) => (
      <ResourceFormDialog
        definition={definition}
        titleKey={titleKey}
        submitKey="account.dialog.confirm"
        maxWidth="xs"
        context={actions.context}
        onClose={() => {
          close();
          void reread();
        }}
      />
    ));
  const openPay = (mode: PayPasswordMode) => open(payPasswordForm(mode), `account.pay.${mode}`, pay.refetch);

  return (
    <Stack spacing={2}>
      <Paper component="section" aria-labelledby="account-heading" sx={{ p: 3 }}>
        <Typography id="account-heading" component="h1" variant="h5" sx={{ mb: 2 }}>
          {t('account.info.heading')}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('account.info.storeName')} value={account?.storeName || '—'} testId="account-store-name" />
          <Row label={t('account.info.nickname')} value={user?.nickname || '—'} testId="account-nickname" />
          <Row
            label={t('account.info.mobile')}
            value={account?.mobile ? maskPhone(account.mobile) : t('account.info.notSet')}
            testId="account-mobile"
            action={<PermissionButton permission={PERMISSIONS.accountEdit} onClick={() => open(changeMobileForm, 'account.info.changeMobile', info.refetch)} data-testid="account-change-mobile">{t('account.info.changeMobile')}</PermissionButton>}
          />
          <Row
            label={t('account.info.email')}
            value={account?.email || t('account.info.notSet')}
            testId="account-email"
            action={<PermissionButton permission={PERMISSIONS.accountEdit} onClick={() => open(changeEmailForm, 'account.info.changeEmail', info.refetch)} data-testid="account-change-email">{t('account.info.changeEmail')}</PermissionButton>}
          />
        </Box>
      </Paper>

      <Paper component="section" aria-labelledby="account-pay-heading" sx={{ p: 3 }}>
        <Typography id="account-pay-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('account.pay.heading')}
        </Typography>
        <Alert severity={payIsSet ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="account-pay-status">
          {t(payIsSet ? 'account.pay.isSet' : 'account.pay.notSet')}
        </Alert>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {payIsSet ? (
            <>
              <PermissionButton variant="contained" permission={PERMISSIONS.payPassword} onClick={() => openPay('update')} data-testid="pay-password-update">
                {t('account.pay.update')}
              </PermissionButton>
              <PermissionButton variant="outlined" permission={PERMISSIONS.payPassword} onClick={() => openPay('set')} data-testid="pay-password-set">
                {t('account.pay.set')}
              </PermissionButton>
              <Button variant="outlined" onClick={() => openPay('check')} data-testid="pay-password-check">
                {t('account.pay.check')}
              </Button>
            </>
          ) : (
            <PermissionButton variant="contained" permission={PERMISSIONS.payPassword} onClick={() => openPay('init')} data-testid="pay-password-init">
              {t('account.pay.init')}
            </PermissionButton>
          )}
        </Stack>
      </Paper>

      <Paper component="section" aria-labelledby="account-security-heading" sx={{ p: 3 }}>
        <Typography id="account-security-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('account.info.security')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" component={RouterLink} to={CHANGE_PASSWORD_PATH} data-testid="account-change-password">
            {t('account.info.changePassword')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={ACCOUNT_DETAIL_PATH} data-testid="account-sign-ins-link">
            {t('shopAccess.detail.open')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setConfirmLogOut(true)} data-testid="account-log-out">
            {t('account.info.logOut')}
          </Button>
        </Stack>
      </Paper>

      {actions.dialogs}
      <ConfirmDialog
        open={confirmLogOut}
        title={t('account.info.logOutConfirmTitle')}
        content={t('account.info.logOutConfirmText')}
        onClose={() => setConfirmLogOut(false)}
        onConfirm={async () => {
          await dispatch(logOut());
          void navigate(LOGIN_PATH, { replace: true });
        }}
      />
    </Stack>
  );
}
